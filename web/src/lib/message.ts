import type { ParseKeys } from 'i18next';
import type { ApiError } from '@/lib/api-client';
import type { FieldError } from '@/types/api';
import type { ValidationKey } from './validation';

export type MessageKey = ParseKeys<'common'>;

/** A message to show: a locale key (re-translated on a language switch) or the server's own words. */
export type Message =
  { key: MessageKey; values?: Record<string, string | number> } | { error: ApiError } | { text: string };

const SERVER_CODES: Record<string, ValidationKey> = {
  'validation.required': 'validation.required',
  'validation.email': 'validation.email',
  'validation.phone_length': 'validation.phoneLength',
  'validation.code_length': 'validation.codeLength',
  'validation.password_confirm': 'validation.passwordConfirm',
  'validation.password_length': 'validation.passwordLength',
  'validation.tax_id_length': 'validation.taxIdLength',
  'validation.tax_id_checksum': 'validation.taxIdChecksum',
};

/** A field error from the server's `errors[]`: known codes use our wording, others the server's message. */
export function fromFieldError(error: FieldError): Message {
  const key = SERVER_CODES[error.code];
  return key ? { key } : { text: error.message };
}

/** The server's field errors, keyed by our field names, limited to the fields a form shows. */
export function fieldMessages<F extends string>(
  error: ApiError,
  fields: readonly F[],
): Partial<Record<F, Message>> {
  const out: Partial<Record<F, Message>> = {};
  for (const [field, fieldError] of Object.entries(error.fieldErrors())) {
    if ((fields as readonly string[]).includes(field)) out[field as F] = fromFieldError(fieldError);
  }
  return out;
}
