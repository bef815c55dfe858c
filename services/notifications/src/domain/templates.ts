import type { Locale } from '@rian/proto-contracts/enums';

/** What every e-mail template produces: a subject and the same message as plain text and HTML. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export type EmailCodePurpose = 'register' | 'password-reset';

export interface EmailCodeInput {
  code: string;
  purpose: EmailCodePurpose;
  locale: Locale;
  expiresInSeconds: number;
}

/** Name under which the delivery log keeps an e-mail code message (one per event and template). */
export function emailCodeTemplateName(purpose: EmailCodePurpose): string {
  return `auth.email-code.${purpose}`;
}

/** Whole minutes a code stays valid, rounded up so we never promise less time than auth allows. */
export function validMinutes(expiresInSeconds: number): number {
  return Math.max(1, Math.ceil(expiresInSeconds / 60));
}

interface Wording {
  subject: string;
  intro: string;
  codeLabel: string;
  validity: (minutes: number) => string;
  ignore: string;
  signature: string;
}

const WORDING: Record<Locale, Record<EmailCodePurpose, Wording>> = {
  th: {
    register: {
      subject: 'รหัสยืนยันการลงทะเบียน Rian',
      intro: 'ขอบคุณที่ลงทะเบียนกับ Rian (เรียน)',
      codeLabel: 'รหัสยืนยันของคุณคือ',
      validity: (m) => `รหัสนี้ใช้ได้ภายใน ${m} นาที`,
      ignore: 'หากคุณไม่ได้ลงทะเบียน กรุณาละเว้นอีเมลฉบับนี้',
      signature: 'ทีมงาน Rian',
    },
    'password-reset': {
      subject: 'รหัสยืนยันการตั้งรหัสผ่านใหม่ Rian',
      intro: 'เราได้รับคำขอตั้งรหัสผ่านใหม่สำหรับบัญชี Rian (เรียน) ของคุณ',
      codeLabel: 'รหัสยืนยันของคุณคือ',
      validity: (m) => `รหัสนี้ใช้ได้ภายใน ${m} นาที`,
      ignore: 'หากคุณไม่ได้ขอตั้งรหัสผ่านใหม่ กรุณาละเว้นอีเมลฉบับนี้ รหัสผ่านเดิมของคุณยังใช้ได้ตามปกติ',
      signature: 'ทีมงาน Rian',
    },
  },
  en: {
    register: {
      subject: 'Your Rian registration code',
      intro: 'Thank you for signing up to Rian.',
      codeLabel: 'Your confirmation code is',
      validity: (m) => `The code is valid for ${m} ${m === 1 ? 'minute' : 'minutes'}.`,
      ignore: 'If you did not sign up, please ignore this e-mail.',
      signature: 'The Rian team',
    },
    'password-reset': {
      subject: 'Your Rian password reset code',
      intro: 'We received a request to set a new password for your Rian account.',
      codeLabel: 'Your confirmation code is',
      validity: (m) => `The code is valid for ${m} ${m === 1 ? 'minute' : 'minutes'}.`,
      ignore:
        'If you did not ask for a new password, please ignore this e-mail; your password stays as it is.',
      signature: 'The Rian team',
    },
  },
};

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** The e-mail carrying a 4-digit confirmation code (registration or password reset), in Thai or English. */
export function emailCodeEmail(input: EmailCodeInput): RenderedEmail {
  const w = WORDING[input.locale][input.purpose];
  const minutes = validMinutes(input.expiresInSeconds);
  const text = [
    w.intro,
    '',
    `${w.codeLabel} ${input.code}`,
    w.validity(minutes),
    '',
    w.ignore,
    '',
    w.signature,
    '',
  ].join('\n');
  const html = [
    '<!doctype html>',
    `<html lang="${input.locale}"><head><meta charset="utf-8"><title>${escapeHtml(w.subject)}</title></head>`,
    '<body style="font-family: sans-serif; color: #222;">',
    `<p>${escapeHtml(w.intro)}</p>`,
    `<p>${escapeHtml(w.codeLabel)}</p>`,
    `<p style="font-size: 28px; font-weight: bold; letter-spacing: 6px;">${escapeHtml(input.code)}</p>`,
    `<p>${escapeHtml(w.validity(minutes))}</p>`,
    `<p style="color: #666;">${escapeHtml(w.ignore)}</p>`,
    `<p>${escapeHtml(w.signature)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: w.subject, text, html };
}
