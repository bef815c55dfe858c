import { createHash } from 'node:crypto';
import { TERMS_LIMITS, type Stroke, type TermsText } from '@rian/proto-contracts/learning-terms';

/**
 * The course terms a member signs (issue 16): spec 02 §9's refund and learner-change conditions
 * and the enrolment agreement, with the course title and the member's first and last name filled
 * in. A change of wording is a new VERSION; what a member signed is kept with its hash, so an
 * acceptance is checked against the text they were shown (`textHash`).
 */
export const TERMS_VERSION = '2026-11-26';

export interface TermsFor {
  courseTitle: string;
  firstName: string;
  lastName: string;
}

export function termsText({ courseTitle, firstName, lastName }: TermsFor): { th: TermsText; en: TermsText } {
  const name = `${firstName} ${lastName}`.trim();
  return {
    th: {
      title: 'ข้อตกลงและเงื่อนไขการสมัครเรียน',
      intro: `ข้าพเจ้า ${name} ผู้สมัครเรียนหลักสูตร "${courseTitle}" ได้อ่านและเข้าใจเงื่อนไขการคืนเงินและการเปลี่ยนตัวผู้เรียนต่อไปนี้ และตกลงยอมรับทุกข้อ`,
      clauses: [
        'การคืนเงินจะคืนให้ร้อยละ 90 ของจำนวนเงินที่ชำระแล้ว',
        'ผู้เรียนต้องแจ้งขอคืนเงินภายใน 14 วันนับจากวันที่สมัครเรียน และไม่น้อยกว่า 1 วันก่อนวันเริ่มเรียนสำหรับหลักสูตรออนไลน์ หรือไม่น้อยกว่า 7 วันก่อนวันเริ่มเรียนสำหรับหลักสูตรที่เรียนในสถานที่',
        'เมื่อพ้นวันแรกของการสอนแล้ว ไม่สามารถขอคืนเงินหรือเปลี่ยนตัวผู้เรียนได้',
        'การเปลี่ยนตัวผู้เรียนทำได้เฉพาะก่อนวันเริ่มเรียนเท่านั้น',
        'สิทธิ์การเรียนเป็นของผู้สมัครเรียนเพียงผู้เดียว ห้ามเผยแพร่ บันทึก หรือส่งต่อเนื้อหาของหลักสูตรให้ผู้อื่น',
      ],
      closing: `ข้าพเจ้า ${name} ลงลายมือชื่อไว้เป็นหลักฐานการยอมรับข้อตกลงของหลักสูตร "${courseTitle}"`,
    },
    en: {
      title: 'Course enrolment terms and conditions',
      intro: `I, ${name}, enrolled in the course "${courseTitle}", have read and understood the following refund and learner-change conditions and accept all of them.`,
      clauses: [
        'A refund is 90 percent of the money paid.',
        'A refund must be requested within 14 days of registering, and at least 1 day before an online course starts or at least 7 days before an on-site course starts.',
        'After the first teaching day, no refund or change of learner is possible.',
        'A learner may be changed only before the course starts.',
        'The right to study belongs to the enrolled learner alone; the course content may not be shared, recorded or passed on to anyone else.',
      ],
      closing: `I, ${name}, sign below as evidence that I accept the terms of the course "${courseTitle}".`,
    },
  };
}

/** SHA-256 (hex) of the version and both texts, in a fixed order: what the member saw. */
export function termsHash(version: string, text: { th: TermsText; en: TermsText }): string {
  const side = (t: TermsText) => [t.title, t.intro, ...t.clauses, t.closing];
  return createHash('sha256')
    .update(JSON.stringify([version, side(text.th), side(text.en)]))
    .digest('hex');
}

/** The number of points over every stroke, or null when it passes the limit (the schema bounds each stroke). */
export function strokePoints(strokes: Stroke[]): number | null {
  let n = 0;
  for (const s of strokes) {
    n += s.points.length;
    if (n > TERMS_LIMITS.maxPoints) return null;
  }
  return n;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export type PngProblem = 'too_large' | 'not_png';

/**
 * The signature image's bytes from its base64 (a data: URL prefix allowed), judged before any
 * decoder sees them: the size, the PNG signature and IHDR chunk, and the declared width and height.
 */
export function signaturePng(base64: string): { bytes: Buffer; width: number; height: number } | PngProblem {
  const data = base64.replace(/^data:image\/png;base64,/, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data)) return 'not_png';
  if (Math.floor((data.length * 3) / 4) > TERMS_LIMITS.maxPngBytes + 2) return 'too_large';
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length > TERMS_LIMITS.maxPngBytes) return 'too_large';
  if (bytes.length < 33 || !PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'not_png';
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') return 'not_png';
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width === 0 || height === 0) return 'not_png';
  if (width > TERMS_LIMITS.maxPngWidth || height > TERMS_LIMITS.maxPngHeight) return 'too_large';
  return { bytes, width, height };
}
