import type { FieldError } from '@rian/proto-contracts/errors';
import type { RegisterBody } from '@rian/proto-contracts/auth';
import { ERRORS } from '@rian/proto-contracts/errors';

/** E-mail addresses are compared trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Rules the JSON schema cannot say (spec 01 §5): the confirmation must equal the password. */
export function registrationProblems(body: RegisterBody, locale: 'th' | 'en'): FieldError[] {
  const problems: FieldError[] = [];
  if (body.password !== body.passwordConfirm) {
    problems.push({
      field: 'passwordConfirm',
      code: 'validation.password_confirm',
      message: ERRORS['validation.password_confirm'][locale],
    });
  }
  for (const field of ['firstName', 'lastName'] as const) {
    if (!body[field].trim()) {
      problems.push({ field, code: 'validation.required', message: ERRORS['validation.required'][locale] });
    }
  }
  return problems;
}

/** Member code shown in the member side panel: RN + six digits from a database sequence. */
export function memberCode(sequence: number): string {
  return `RN${String(sequence).padStart(6, '0')}`;
}
