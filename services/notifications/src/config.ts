import { Type, type Static } from '@sinclair/typebox';
import { ConfigError, inProduction, loadConfig, serviceConfigSchema } from '@rian/kit/config';

export const ConfigSchema = serviceConfigSchema('notifications', {
  /** e.g. smtp://user:pass@smtp.example.com:587; empty: e-mails are only kept in the delivery log (status `logged`) */
  SMTP_URL: Type.String({ default: '', ...inProduction('set') }),
  MAIL_FROM: Type.String({ default: 'Rian <no-reply@rian.local>', minLength: 3, ...inProduction('changed') }),
  /** tries per e-mail before it is marked failed and `notifications.delivery.failed` is emitted */
  MAIL_MAX_ATTEMPTS: Type.Integer({ default: 6, minimum: 1 }),
  /** wait after the first failed try; doubles after each further failure (capped at one hour) */
  MAIL_RETRY_BASE_MS: Type.Integer({ default: 10_000, minimum: 1 }),
  /** how people reach staff, as the booking e-mail says it (e.g. "LINE @rian · 02-000-0000"); empty: the site's address */
  MAIL_STAFF_CONTACT: Type.String({ default: '', maxLength: 300 }),
  /** staff chat, LINE Messaging API: channel access token and the group/user id pushed to; empty: not used */
  LINE_CHANNEL_TOKEN: Type.String({ default: '' }),
  LINE_TO: Type.String({ default: '' }),
  LINE_API_URL: Type.String({ default: 'https://api.line.me' }),
  /** staff chat, Telegram Bot API: bot token and chat id; empty: not used */
  TELEGRAM_BOT_TOKEN: Type.String({ default: '' }),
  TELEGRAM_CHAT_ID: Type.String({ default: '' }),
  TELEGRAM_API_URL: Type.String({ default: 'https://api.telegram.org' }),
  /**
   * Public HTTPS base under which this service's `/chat-images/<id>.png` is reachable (through the
   * gateway: `https://<site>/api/notifications`). LINE fetches the order picture from there; empty:
   * LINE gets the text only (Telegram uploads the picture and needs no address).
   */
  CHAT_IMAGE_PUBLIC_URL: Type.String({ default: '' }),
  /**
   * Members' LINE (issue 20): the Messaging API channel access token of the members' official
   * account — session reminders, live-start alerts and check-in receipts are pushed to members who
   * linked LINE. Empty: member LINE is off (nothing is pushed and no delivery row is written).
   */
  LINE_MEMBER_CHANNEL_TOKEN: Type.String({ default: '' }),
  /** the Messaging API for members' pushes; https in production */
  LINE_MEMBER_API_URL: Type.String({ default: 'https://api.line.me', pattern: '^https?://' }),
});
export type Config = Static<typeof ConfigSchema>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const config = loadConfig(ConfigSchema, env, problems);
  // the members' LINE token travels to this address: never in the clear in production
  if (env.NODE_ENV === 'production' && !config.LINE_MEMBER_API_URL.startsWith('https://')) {
    problems.push('LINE_MEMBER_API_URL: an https:// address in production');
  }
  if (problems.length) throw new ConfigError(problems);
  return config;
}
