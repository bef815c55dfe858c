import type { Locale } from '@rian/proto-contracts/enums';
import { renderTemplate } from './template-files.js';
import type { EmailCodePurpose, RenderedEmail } from './templates.js';

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

const when = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale === 'th' ? 'th-TH' : 'en-GB', {
    timeZone: 'Asia/Bangkok',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));

/** The owner's notice that their address's e-mail codes are locked: Thai, then English when that is their language. */
export function codesLockedEmail(input: CodesLockedInput): RenderedEmail {
  return renderTemplate(CODES_LOCKED_TEMPLATE, input.locale === 'en' ? 'en' : 'th', {
    passwordReset: input.purpose === 'password-reset',
    wrongCodes: input.wrongCodes,
    hours: Math.max(1, Math.round(input.windowSeconds / 3600)),
    lockedUntilTh: when(input.lockedUntil, 'th'),
    lockedUntilEn: when(input.lockedUntil, 'en'),
  });
}
