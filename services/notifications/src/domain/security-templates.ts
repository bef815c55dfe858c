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

/** Name under which the delivery log keeps the "password changed" notice (spec ChangePass; one per event). */
export const PASSWORD_CHANGED_TEMPLATE = 'auth.password-changed';

export interface PasswordChangedInput {
  changedAt: string;
  siteUrl: string;
  locale: Locale;
}

/**
 * The owner's notice that their password was changed (with an e-mailed code): when, that every
 * device was signed out, and what to do if it was not them — never a link that signs in or resets.
 */
export function passwordChangedEmail(input: PasswordChangedInput): RenderedEmail {
  return renderTemplate(PASSWORD_CHANGED_TEMPLATE, input.locale, {
    changedAt: when(input.changedAt, input.locale),
    link: `${input.siteUrl.replace(/\/+$/, '')}/login`,
  });
}
