import { Type, type Static } from '@sinclair/typebox';
import { RequiredText, Uuid } from './common.js';
import { LoginReply } from './auth.js';
import { defineEvent } from './envelope.js';

// ---------- HTTP (served at /api/auth/...) — spec 01 §4 "Social login" ----------

/** GET /public-config: what the SPA needs before sign-in. `facebook` is null when it is not configured. */
export const PublicConfigReply = Type.Object({
  facebook: Type.Union([
    Type.Object({
      appId: Type.String(),
      dialogUrl: Type.String({ description: 'the OAuth dialog the browser is sent to (manual login flow)' }),
    }),
    Type.Null(),
  ]),
});
export type PublicConfigReply = Static<typeof PublicConfigReply>;

/** The access token the browser got back from the Facebook dialog (`#access_token=...`). */
export const FacebookTokenBody = Type.Object({ accessToken: RequiredText(4096) });

/** What Facebook says about its user; `email` is null when the user did not share it. */
export const SocialProfile = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  pictureUrl: Type.Union([Type.String(), Type.Null()]),
});
export type SocialProfile = Static<typeof SocialProfile>;

/** A user with this Facebook id exists (or was just connected): signed in, refresh cookie set. */
export const SocialLoggedIn = Type.Composite([
  Type.Object({ outcome: Type.Literal('logged-in') }),
  LoginReply,
]);
export type SocialLoggedIn = Static<typeof SocialLoggedIn>;

/** No user has this Facebook id, but one has its e-mail: the SPA asks before connecting. */
export const SocialConfirmConnect = Type.Object({
  outcome: Type.Literal('confirm-connect'),
  social: SocialProfile,
  user: Type.Object({ email: Type.String(), firstName: Type.String(), lastName: Type.String() }),
});
export type SocialConfirmConnect = Static<typeof SocialConfirmConnect>;

/** Nobody: the SPA opens registration with the e-mail prefilled and passes the token on to POST /register. */
export const SocialRegister = Type.Object({
  outcome: Type.Literal('register'),
  social: SocialProfile,
});
export type SocialRegister = Static<typeof SocialRegister>;

export const FacebookLoginReply = Type.Union([SocialLoggedIn, SocialConfirmConnect, SocialRegister]);
export type FacebookLoginReply = Static<typeof FacebookLoginReply>;

export const FacebookConnectReply = SocialLoggedIn;

// ---------- LINE for members (issue 20) ----------

/**
 * A member linked their LINE account (LINE Login from the member area) or unlinked it
 * (`lineUserId` null). notifications keeps it to push session reminders, live-start alerts and
 * check-in receipts through the LINE Messaging API. The newest `changedAt` wins.
 */
export const UserLineLinked = defineEvent(
  'auth.user.line-linked',
  1,
  Type.Object({
    userId: Uuid(),
    lineUserId: Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Null()]),
    changedAt: Type.String({ format: 'date-time' }),
  }),
);
