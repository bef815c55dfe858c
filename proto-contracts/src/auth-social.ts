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

// HTTP (served at /api/auth/...): the member links their LINE account with LINE Login v2.1 from the
// member area; the raw LINE user id never leaves the server (D150)

/** GET /me/line (and the answer of the other /me/line routes): is LINE on here, and is mine linked? */
export const LineLinkReply = Type.Object({
  configured: Type.Boolean({
    description: 'false: the site has no LINE Login channel; the SPA shows nothing',
  }),
  linked: Type.Boolean(),
  linkedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  displayName: Type.Union([Type.String(), Type.Null()], {
    description: 'the LINE display name when it was linked (null when not linked or LINE gave none)',
  }),
});
export type LineLinkReply = Static<typeof LineLinkReply>;

/** POST /me/line/start: where to send the browser (LINE's authorize page, one-use state). */
export const LineStartReply = Type.Object({
  authorizeUrl: Type.String(),
  redirectUri: Type.String({
    description: 'where LINE sends the browser back: <SITE_URL>/member/line/callback',
  }),
});
export type LineStartReply = Static<typeof LineStartReply>;

/** POST /me/line/callback: the `code` and `state` LINE put on the callback URL. */
export const LineCallbackBody = Type.Object({
  code: RequiredText(512),
  state: RequiredText(128),
});
export type LineCallbackBody = Static<typeof LineCallbackBody>;

/** The SPA page LINE redirects back to (below SITE_URL). */
export const LINE_CALLBACK_PATH = '/member/line/callback';

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
