import type { ApiError } from '@/lib/api-client';
import type { FieldError } from '@/types/api';
import type { ValidationKey } from './validation';

export type MessageKey = ValidationKey | 'register.emailRegistered' | 'register.codeSent' | 'register.resent';

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
};

/** A field error from the server's `errors[]`: known codes use our wording, others the server's message. */
export function fromFieldError(error: FieldError): Message {
  const key = SERVER_CODES[error.code];
  return key ? { key } : { text: error.message };
}
