import { byWords, thaiPdf } from '@rian/kit/pdf-thai';
import type { TermsText } from '@rian/proto-contracts/learning-terms';

/** What the signed terms PDF shows (fileCreateCondition / ColPDF): the text, the signature and how it was given. */
export interface SignedTermsDocument {
  text: { th: TermsText; en: TermsText };
  courseTitle: string;
  memberName: string;
  version: string;
  textHash: string;
  enrolmentId: string;
  /** the signature pad's PNG, re-encoded (no metadata) */
  signaturePng: Buffer;
  signedAt: Date;
  ip: string | null;
}

const LEFT = 50;
const WIDTH = 495; // A4 width 595 − 2 × 50
const GREY = '#555555';

const bangkok = (d: Date, locale: string) =>
  new Intl.DateTimeFormat(locale, {
    timeZone: 'Asia/Bangkok',
    dateStyle: 'long',
    timeStyle: 'medium',
  }).format(d);

/**
 * The signed terms on A4 (Sarabun, Thai broken between words by the kit): the Thai text, the
 * English one, then the signature image with the member's name, the date and time (Bangkok), the
 * IP it came from, the terms version and the text's hash.
 */
export function signedTermsPdf(doc: SignedTermsDocument): Promise<Buffer> {
  const { pdf, bytes } = thaiPdf({
    margin: LEFT,
    info: {
      Title: `${doc.text.th.title} — ${doc.courseTitle}`,
      Author: doc.memberName,
      Subject: doc.courseTitle,
    },
  });

  /**
   * Left-aligned text broken between words at `width`; pdfkit is handed a wider box so that it never
   * breaks a line again (its own measure of a line can run a few points over ours).
   */
  const para = (text: string, x: number, y: number, width: number) =>
    pdf.text(byWords(pdf, text, width), x, y, { width: width + 40, lineGap: 1.5 });

  const side = (t: TermsText, size: number) => {
    pdf
      .font('bold')
      .fontSize(size + 4)
      .fillColor('black');
    pdf.text(byWords(pdf, t.title, WIDTH), LEFT, pdf.y, { width: WIDTH, align: 'center' });
    pdf.moveDown(0.5);
    pdf.font('regular').fontSize(size);
    para(t.intro, LEFT, pdf.y, WIDTH);
    pdf.moveDown(0.4);
    t.clauses.forEach((clause, i) => {
      const y = pdf.y;
      pdf.text(`${i + 1}.`, LEFT, y, { width: 20 });
      para(clause, LEFT + 22, y, WIDTH - 22);
      pdf.moveDown(0.2);
    });
    pdf.moveDown(0.3);
    para(t.closing, LEFT, pdf.y, WIDTH);
  };

  pdf.y = 50;
  side(doc.text.th, 12);
  pdf.moveDown(1);
  pdf.fillColor(GREY);
  side(doc.text.en, 9.5);
  pdf.moveDown(1);

  // the signature: a box 240 × 90 with the image fitted in it, the details beside
  if (pdf.y > 842 - 50 - 150) pdf.addPage();
  const top = pdf.y;
  pdf.font('bold').fontSize(11).fillColor('black').text('ลายมือชื่อ (Signature)', LEFT, top, { width: 240 });
  const boxY = pdf.y + 4;
  pdf.rect(LEFT, boxY, 240, 90).strokeColor('#bbbbbb').stroke();
  pdf.image(doc.signaturePng, LEFT + 5, boxY + 5, { fit: [230, 80], align: 'center', valign: 'center' });
  pdf.font('regular').fontSize(11).fillColor('black');
  pdf.text(`(${doc.memberName})`, LEFT, boxY + 96, { width: 240, align: 'center' });

  const x = LEFT + 260;
  const w = WIDTH - 260;
  pdf.font('regular').fontSize(9.5).fillColor(GREY);
  const lines = [
    `วันที่ลงนาม (Signed): ${bangkok(doc.signedAt, 'th-TH')}`,
    `(${doc.signedAt.toISOString()})`,
    `IP: ${doc.ip ?? '-'}`,
    `ฉบับ (Version): ${doc.version}`,
    `รหัสการลงทะเบียน (Enrolment): ${doc.enrolmentId}`,
    `SHA-256: ${doc.textHash}`,
  ];
  para(lines.join('\n'), x, boxY, w);
  pdf.end();
  return bytes;
}
