import { Type, type Static } from '@sinclair/typebox';
import { Code4, Email, Password, Phone, RequiredText, Uuid } from './common.js';
import { defineEvent } from './envelope.js';
import { LocaleSchema, MembershipCodeSchema, StaffRoleSchema, UserStatusSchema } from './enums.js';

// ---------- HTTP (served at /api/auth/...) ----------

export const CheckEmailBody = Type.Object({ email: Email() });
export const CheckEmailReply = Type.Object({ email: Type.String(), registered: Type.Boolean() });

/** PUT /me/locale: the language the signed-in member now uses in the SPA (issue 20). */
export const LocaleBody = Type.Object({ locale: LocaleSchema }, { additionalProperties: false });
export type LocaleBody = Static<typeof LocaleBody>;

export const RequestCodeBody = Type.Object({ email: Email(), locale: Type.Optional(LocaleSchema) });
export const RequestCodeReply = Type.Object({ sent: Type.Boolean(), expiresInSeconds: Type.Integer() });

export const RegisterBody = Type.Object({
  email: Email(),
  code: Code4(),
  password: Password(),
  passwordConfirm: RequiredText(200),
  firstName: RequiredText(100),
  lastName: RequiredText(100),
  nickname: Type.Optional(Type.String({ maxLength: 100 })),
  phone: Phone(),
  /** a Facebook access token from the social login: the new user is linked to that Facebook account */
  facebookAccessToken: Type.Optional(RequiredText(4096)),
});
export type RegisterBody = Static<typeof RegisterBody>;

/** The Facebook account linked to a user (never its access token). */
export const FacebookLinkView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  pictureUrl: Type.Union([Type.String(), Type.Null()]),
});
export type FacebookLinkView = Static<typeof FacebookLinkView>;

export const UserView = Type.Object(
  {
    id: Uuid(),
    email: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    nickname: Type.Union([Type.String(), Type.Null()]),
    phone: Type.String(),
    status: UserStatusSchema,
    memberCode: Type.String({ description: 'shown in the member side panel' }),
    membershipCodes: Type.Array(MembershipCodeSchema),
    createdAt: Type.String({ format: 'date-time' }),
    facebook: Type.Union([FacebookLinkView, Type.Null()]),
    avatarUrl: Type.Union([Type.String(), Type.Null()], {
      description: 'null until the media service exists',
    }),
  },
  { $id: 'User' },
);
export type UserView = Static<typeof UserView>;

export const RegisterReply = Type.Object({ user: UserView });

export const LoginBody = Type.Object({ email: Email(), password: RequiredText(200) });
export const TokenReply = Type.Object({
  token: Type.String(),
  tokenType: Type.Literal('Bearer'),
  expiresIn: Type.Integer({ description: 'seconds (21600)' }),
});
export const LoginReply = Type.Composite([TokenReply, Type.Object({ user: UserView })]);
export const MeReply = Type.Object({ user: UserView });

export const StaffView = Type.Object({
  id: Uuid(),
  username: Type.String(),
  name: Type.String(),
  role: StaffRoleSchema,
});
export type StaffView = Static<typeof StaffView>;
export const StaffLoginBody = Type.Object({ username: RequiredText(100), password: RequiredText(200) });
export const StaffLoginReply = Type.Composite([TokenReply, Type.Object({ staff: StaffView })]);

/** Claims of every access token auth issues. `kind` separates members from staff. */
export const AccessClaims = Type.Object({
  sub: Type.String(),
  kind: Type.Union([Type.Literal('user'), Type.Literal('staff')]),
  email: Type.Optional(Type.String()),
  status: Type.Optional(UserStatusSchema),
  role: Type.Optional(StaffRoleSchema),
  membershipCodes: Type.Optional(Type.Array(Type.String())),
  /** staff: the name shown where they acted (e.g. "checked by" on a slip) */
  name: Type.Optional(Type.String()),
});
export type AccessClaims = Static<typeof AccessClaims>;

export const ACCESS_TOKEN_TTL_SECONDS = 21600;
export const JWT_ISSUER = 'rian-auth';
export const JWT_AUDIENCE = 'rian';
export const REFRESH_COOKIE = 'auth.refresh';
/** A device that signed in before: its right password passes the account's lockout (issue 11 §8). */
export const DEVICE_COOKIE = 'auth.device';
export const EMAIL_CODE_TTL_SECONDS = 600;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;

// ---------- events ----------

export const EmailCodeRequested = defineEvent(
  'auth.email.code-requested',
  1,
  Type.Object({
    email: Type.String(),
    code: Type.String({ pattern: '^[0-9]{4}$' }),
    purpose: Type.Union([Type.Literal('register'), Type.Literal('password-reset')]),
    locale: LocaleSchema,
    expiresInSeconds: Type.Integer(),
  }),
);

/**
 * Too many wrong e-mail codes for one address within the budget's window (issue 11 §2): the
 * address's codes are gone and no new one can be asked for until `lockedUntil`. Tells the owner once
 * per lock. `locale` is the owner's language when auth knows it (null: write in Thai, the default).
 */
export const EmailCodesLocked = defineEvent(
  'auth.email.codes-locked',
  1,
  Type.Object({
    email: Type.String(),
    /** the form whose wrong code reached the budget */
    purpose: Type.Union([Type.Literal('register'), Type.Literal('password-reset')]),
    wrongCodes: Type.Integer({ minimum: 1 }),
    windowSeconds: Type.Integer({ minimum: 1 }),
    lockedUntil: Type.String({ format: 'date-time' }),
    locale: Type.Union([LocaleSchema, Type.Null()]),
  }),
);

export const UserRegistered = defineEvent(
  'auth.user.registered',
  1,
  Type.Object({
    userId: Uuid(),
    email: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    nickname: Type.Union([Type.String(), Type.Null()]),
    phone: Type.String(),
    status: UserStatusSchema,
    memberCode: Type.String(),
    registeredAt: Type.String({ format: 'date-time' }),
    /** the language the member chose in the SPA when registering (absent from older events: Thai) */
    locale: Type.Optional(LocaleSchema),
  }),
);

/**
 * A member switched the SPA's language (issue 20): e-mails to them are written in it from now on.
 * Emitted only when the stored language changes.
 */
export const UserLocaleChanged = defineEvent(
  'auth.user.locale-changed',
  1,
  Type.Object({
    userId: Uuid(),
    locale: LocaleSchema,
    changedAt: Type.String({ format: 'date-time' }),
  }),
);
