import { Type, type Static } from '@sinclair/typebox';
import { Code4, Email, Password, RequiredText, Uuid } from './common.js';
import { defineEvent } from './envelope.js';
import { LocaleSchema } from './enums.js';

// ---------- HTTP (served at /api/auth/password/...) — spec 01 §4 "Password change flow", §5 ----------

export const PasswordCheckEmailBody = Type.Object({ email: Email() });
/** Unknown e-mail → 404 `auth.email_unknown` "ไม่มี Email ในระบบ". */
export const PasswordCheckEmailReply = Type.Object({ email: Type.String(), registered: Type.Literal(true) });

export const PasswordCodeBody = Type.Object({ email: Email(), locale: Type.Optional(LocaleSchema) });
export const PasswordCodeReply = Type.Object({
  sent: Type.Literal(true),
  expiresInSeconds: Type.Integer(),
});

export const PasswordResetBody = Type.Object({
  email: Email(),
  code: Code4(),
  password: Password(),
  passwordConfirm: RequiredText(200),
});
export type PasswordResetBody = Static<typeof PasswordResetBody>;
export const PasswordResetReply = Type.Object({ changed: Type.Literal(true) });

// ---------- events ----------

/**
 * A member's password was changed with an e-mailed code. Every refresh token of the user is revoked
 * and access tokens issued before `changedAt` are refused from then on.
 */
export const PasswordChanged = defineEvent(
  'auth.password.changed',
  1,
  Type.Object({
    userId: Uuid(),
    changedAt: Type.String({ format: 'date-time' }),
  }),
);
