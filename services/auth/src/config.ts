import { Type, type Static } from '@sinclair/typebox';
import { loadConfig, serviceConfigSchema } from '@rian/kit/config';

export const ConfigSchema = serviceConfigSchema('auth', {
  /** staff account created at start when missing; development defaults are printed by npm start */
  ADMIN_USERNAME: Type.String({ default: 'admin' }),
  ADMIN_PASSWORD: Type.String({ default: 'rian-admin-dev', minLength: 8 }),
  /** private signing key (JWK JSON); without it a key is generated once and kept in the database */
  AUTH_SIGNING_JWK: Type.String({ default: '' }),
  /** Secure flag on the refresh cookie (on behind HTTPS) */
  COOKIE_SECURE: Type.Boolean({ default: false }),
  REFRESH_TTL_DAYS: Type.Integer({ default: 30, minimum: 1 }),
  /** e-mail codes: lifetime and wrong tries allowed */
  EMAIL_CODE_TTL_SECONDS: Type.Integer({ default: 600 }),
  EMAIL_CODE_MAX_ATTEMPTS: Type.Integer({ default: 5 }),
});
export type Config = Static<typeof ConfigSchema>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig(ConfigSchema, env);
}
