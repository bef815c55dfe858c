import type { Locale } from '@rian/proto-contracts/enums';
import { escapeHtml, type EmailCodePurpose, type RenderedEmail } from './templates.js';

/** Name under which the delivery log keeps the "codes locked" notice (one per event). */
export const CODES_LOCKED_TEMPLATE = 'auth.email-codes-locked';

export interface CodesLockedInput {
  purpose: EmailCodePurpose;
  wrongCodes: number;
  windowSeconds: number;
  lockedUntil: string;
  /** the owner's language when auth knows it; the notice is always in Thai, and also in English for 'en' */
  locale: Locale | null;
}

interface Wording {
  subject: string;
  paragraphs: string[];
  signature: string;
}

const when = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale === 'th' ? 'th-TH' : 'en-GB', {
    timeZone: 'Asia/Bangkok',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));

function thai(i: CodesLockedInput): Wording {
  const hours = Math.max(1, Math.round(i.windowSeconds / 3600));
  const what =
    i.purpose === 'password-reset'
      ? 'การตั้งรหัสผ่านใหม่ของบัญชี Rian (เรียน) ที่ใช้อีเมลนี้'
      : 'การลงทะเบียน Rian (เรียน) ด้วยอีเมลนี้';
  return {
    subject: 'แจ้งเตือนความปลอดภัย: มีการกรอกรหัสยืนยันผิดหลายครั้ง',
    paragraphs: [
      `มีผู้กรอกรหัสยืนยันสำหรับ${what}ผิด ${i.wrongCodes} ครั้งภายใน ${hours} ชั่วโมง`,
      `เพื่อความปลอดภัย เราได้ระงับรหัสยืนยันของอีเมลนี้ไว้จนถึง ${when(i.lockedUntil, 'th')} น. (เวลาประเทศไทย) หลังจากนั้นจึงขอรหัสใหม่ได้`,
      i.purpose === 'password-reset' ? 'รหัสผ่านของคุณยังไม่ถูกเปลี่ยน' : 'ยังไม่มีการลงทะเบียนด้วยอีเมลนี้',
      'หากคุณไม่ได้ทำรายการนี้ อาจมีผู้อื่นพยายามเข้าถึงบัญชีของคุณ อย่าบอกรหัสยืนยันที่ได้รับทางอีเมลแก่ผู้ใด',
    ],
    signature: 'ทีมงาน Rian',
  };
}

function english(i: CodesLockedInput): Wording {
  const hours = Math.max(1, Math.round(i.windowSeconds / 3600));
  const what =
    i.purpose === 'password-reset'
      ? 'setting a new password for the Rian account with this e-mail'
      : 'signing up to Rian with this e-mail';
  return {
    subject: 'Security notice: too many wrong confirmation codes',
    paragraphs: [
      `Someone entered a wrong confirmation code for ${what} ${i.wrongCodes} times within ${hours} hours.`,
      `To keep you safe, codes for this e-mail are locked until ${when(i.lockedUntil, 'en')} (Bangkok time); after that a new code can be requested.`,
      i.purpose === 'password-reset'
        ? 'Your password has not been changed.'
        : 'Nobody has signed up with this e-mail.',
      'If this was not you, someone may be trying to get into your account. Never share a code we e-mail you.',
    ],
    signature: 'The Rian team',
  };
}

/** The owner's notice that their address's e-mail codes are locked: Thai, then English when that is their language. */
export function codesLockedEmail(input: CodesLockedInput): RenderedEmail {
  const parts = input.locale === 'en' ? [thai(input), english(input)] : [thai(input)];
  const subject = parts.map((p) => p.subject).join(' / ');
  const text = parts.map((p) => [...p.paragraphs, '', p.signature, ''].join('\n')).join('\n---\n\n');
  const html = [
    '<!doctype html>',
    `<html lang="th"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: sans-serif; color: #222;">',
    ...parts.map((p, n) =>
      [
        n > 0 ? '<hr>' : '',
        ...p.paragraphs.map((t) => `<p>${escapeHtml(t)}</p>`),
        `<p>${escapeHtml(p.signature)}</p>`,
      ].join('\n'),
    ),
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
