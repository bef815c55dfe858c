import { Type, type Static } from '@sinclair/typebox';
import { loadConfig, serviceConfigSchema } from '@rian/kit/config';

export const ConfigSchema = serviceConfigSchema('notifications', {
  /** e.g. smtp://user:pass@smtp.example.com:587; empty: e-mails are only kept in the delivery log (status `logged`) */
  SMTP_URL: Type.String({ default: '' }),
  MAIL_FROM: Type.String({ default: 'Rian <no-reply@rian.local>', minLength: 3 }),
  /** tries per e-mail before it is marked failed and `notifications.delivery.failed` is emitted */
  MAIL_MAX_ATTEMPTS: Type.Integer({ default: 6, minimum: 1 }),
  /** wait after the first failed try; doubles after each further failure (capped at one hour) */
  MAIL_RETRY_BASE_MS: Type.Integer({ default: 10_000, minimum: 1 }),
});
export type Config = Static<typeof ConfigSchema>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig(ConfigSchema, env);
}
