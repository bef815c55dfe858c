/**
 * Client checks mirroring the server's schemas (proto-contracts common.ts) with the spec's messages
 * (spec 01 §5, spec 02 §5). They return locale keys so a language switch re-translates a shown error.
 */
export type ValidationKey =
  | 'validation.required'
  | 'validation.email'
  | 'validation.phoneLength'
  | 'validation.codeLength'
  | 'validation.passwordConfirm'
  | 'validation.passwordLength'
  | 'validation.taxIdLength'
  | 'validation.taxIdChecksum';

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

/** Spaces and dashes people type in phone numbers and tax ids are dropped before the check. */
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

/** Thai national id / tax id: 13 digits, the last one a check digit over the first twelve. */
export function isThaiIdChecksumValid(digits: string): boolean {
  if (!/^[0-9]{13}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(digits[i]) * (13 - i);
  return (11 - (sum % 11)) % 10 === Number(digits[12]);
}

/** Tax id: `optional` lets an empty value pass (a person's id); when given, 13 digits with a valid check digit. */
export function validateTaxId(value: string, { optional = false } = {}): ValidationKey | null {
  const digits = normalizePhone(value);
  if (digits === '') return optional ? null : 'validation.required';
  if (!/^[0-9]{13}$/.test(digits)) return 'validation.taxIdLength';
  return isThaiIdChecksumValid(digits) ? null : 'validation.taxIdChecksum';
}
