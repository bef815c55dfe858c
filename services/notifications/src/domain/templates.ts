import type { Locale } from '@rian/proto-contracts/enums';
import { renderTemplate } from './template-files.js';

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

export { escapeHtml } from './template-renderer.js';

/** The e-mail carrying a 4-digit confirmation code (registration or password reset), in Thai or English. */
export function emailCodeEmail(input: EmailCodeInput): RenderedEmail {
  const minutes = validMinutes(input.expiresInSeconds);
  return renderTemplate(emailCodeTemplateName(input.purpose), input.locale, {
    code: input.code,
    minutes,
    oneMinute: minutes === 1,
  });
}
