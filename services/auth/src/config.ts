import { Type, type Static } from '@sinclair/typebox';
import { ConfigError, inProduction, loadConfig, serviceConfigSchema } from '@rian/kit/config';

export const ConfigSchema = serviceConfigSchema('auth', {
  /** staff account created at start when missing; development defaults are printed by npm start */
  ADMIN_USERNAME: Type.String({ default: 'admin' }),
  ADMIN_PASSWORD: Type.String({ default: 'rian-admin-dev', minLength: 8, ...inProduction('changed') }),
  /** private signing key (JWK JSON); without it a key is generated once and kept in the database */
  AUTH_SIGNING_JWK: Type.String({ default: '' }),
  /** Secure flag on the refresh cookie (on behind HTTPS) */
  COOKIE_SECURE: Type.Boolean({ default: false, ...inProduction('changed') }),
  /**
   * Refresh and logout only answer POSTs whose Origin is the request's own origin, SITE_URL (the
   * kit's shared setting) or one of these (space- or comma-separated), e.g. Vite's dev server
   */
  AUTH_ALLOWED_ORIGINS: Type.String({ default: '' }),
  REFRESH_TTL_DAYS: Type.Integer({ default: 30, minimum: 1 }),
  /**
   * a refresh cookie presented again this soon after it was rotated is a lost answer (a reload or a
   * closed tab while the rotation was on its way), not a theft: it gets a session instead of ending
   * the sign-in (D31)
   */
  AUTH_REFRESH_REUSE_GRACE_SECONDS: Type.Integer({ default: 30, minimum: 0, maximum: 300 }),
  /** e-mail codes: lifetime and wrong tries allowed */
  EMAIL_CODE_TTL_SECONDS: Type.Integer({ default: 600 }),
  EMAIL_CODE_MAX_ATTEMPTS: Type.Integer({ default: 5 }),
  /**
   * Lockout (issue 3 §D): this many failed sign-ins for one e-mail (or staff username), or from one
   * IP, within the window lock it for AUTH_LOCK_SECONDS.
   */
  AUTH_LOCK_EMAIL_MAX: Type.Integer({ default: 5, minimum: 1 }),
  AUTH_LOCK_IP_MAX: Type.Integer({ default: 20, minimum: 1 }),
  AUTH_LOCK_WINDOW_SECONDS: Type.Integer({ default: 900, minimum: 1 }),
  AUTH_LOCK_SECONDS: Type.Integer({ default: 900, minimum: 1 }),
  /**
   * A browser that signed in to an account gets a device cookie for this long: with it the right
   * password passes that account's lock (staff accounts are locked per IP besides), issue 11 §8
   */
  AUTH_DEVICE_TTL_DAYS: Type.Integer({ default: 180, minimum: 1 }),
  /** e-mail codes one address may be sent (registration and password reset together) per window */
  AUTH_CODE_REQUESTS_PER_EMAIL: Type.Integer({ default: 3, minimum: 1 }),
  AUTH_CODE_REQUESTS_WINDOW_SECONDS: Type.Integer({ default: 600, minimum: 1 }),
  /**
   * Wrong e-mail codes one address may see (registration and reset together, from any IP) per
   * window; the one that spends the budget locks the address's codes until the window ends (issue 11 §2)
   */
  AUTH_CODE_FAILS_MAX: Type.Integer({ default: 10, minimum: 1 }),
  AUTH_CODE_FAILS_WINDOW_SECONDS: Type.Integer({ default: 86_400, minimum: 1 }),
  /** Facebook login (issue 3 §B); an empty app id turns it off. Tests point the URLs at a local fake. */
  FACEBOOK_APP_ID: Type.String({ default: '' }),
  FACEBOOK_APP_SECRET: Type.String({ default: '' }),
  FACEBOOK_GRAPH_URL: Type.String({ default: 'https://graph.facebook.com/v19.0' }),
  FACEBOOK_DIALOG_URL: Type.String({ default: 'https://www.facebook.com/v19.0/dialog/oauth' }),
  /** a Graph call slower than this counts as a failure of Facebook (503) */
  FACEBOOK_TIMEOUT_MS: Type.Integer({ default: 5_000, minimum: 100 }),
  /**
   * LINE Login v2.1 (issue 20): members link their LINE account from the member area, so
   * notifications can push to them. An empty channel id turns it off (the member area shows no LINE
   * card). npm start points these at the local stand-in (deploy/local, port 3111) when unset; tests
   * at kit's testing-line. Production refuses a non-https URL.
   */
  LINE_LOGIN_CHANNEL_ID: Type.String({ default: '' }),
  LINE_LOGIN_CHANNEL_SECRET: Type.String({ default: '' }),
  LINE_LOGIN_AUTHORIZE_URL: Type.String({ default: 'https://access.line.me/oauth2/v2.1/authorize' }),
  LINE_LOGIN_API_URL: Type.String({ default: 'https://api.line.me' }),
  /** a LINE call slower than this fails the link (502) */
  LINE_LOGIN_TIMEOUT_MS: Type.Integer({ default: 5_000, minimum: 100 }),
  /** how long the link started by POST /me/line/start may take to come back */
  LINE_LOGIN_STATE_TTL_SECONDS: Type.Integer({ default: 600, minimum: 30, maximum: 3600 }),
});
export type Config = Static<typeof ConfigSchema>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const config = loadConfig(ConfigSchema, env, problems);
  if (config.LINE_LOGIN_CHANNEL_ID && !config.LINE_LOGIN_CHANNEL_SECRET) {
    problems.push('LINE_LOGIN_CHANNEL_SECRET: required when LINE_LOGIN_CHANNEL_ID is set');
  }
  for (const key of ['LINE_LOGIN_AUTHORIZE_URL', 'LINE_LOGIN_API_URL'] as const) {
    const url = config[key];
    if (!/^https?:\/\/[^/]/.test(url)) problems.push(`${key}: an http(s):// address`);
    else if (env.NODE_ENV === 'production' && !url.startsWith('https://')) {
      problems.push(`${key}: an https:// address in production`);
    }
  }
  if (problems.length) throw new ConfigError(problems);
  return config;
}
