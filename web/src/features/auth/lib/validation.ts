/**
 * Client checks mirroring the server's schemas (proto-contracts common.ts) with the spec's messages
 * (spec 01 §5). They return locale keys so a language switch re-translates a shown error.
 */
export type ValidationKey =
  | 'validation.required'
  | 'validation.email'
  | 'validation.phoneLength'
  | 'validation.codeLength'
  | 'validation.passwordConfirm'
  | 'validation.passwordLength';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function required(value: string): ValidationKey | null {
  return value.trim() === '' ? 'validation.required' : null;
}

export function validateEmail(value: string): ValidationKey | null {
  return required(value) ?? (EMAIL_PATTERN.test(value.trim()) ? null : 'validation.email');
}

export function validateCode(value: string): ValidationKey | null {
  return required(value) ?? (/^[0-9]{4}$/.test(value.trim()) ? null : 'validation.codeLength');
}

/** Spaces and dashes people type in phone numbers are dropped before the check. */
export function normalizePhone(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function validatePhone(value: string): ValidationKey | null {
  return required(value) ?? (/^[0-9]{10}$/.test(normalizePhone(value)) ? null : 'validation.phoneLength');
}

export function validatePassword(value: string): ValidationKey | null {
  return required(value) ?? (value.length >= 8 ? null : 'validation.passwordLength');
}

export function validatePasswordConfirm(password: string, confirm: string): ValidationKey | null {
  return required(confirm) ?? (confirm === password ? null : 'validation.passwordConfirm');
}
