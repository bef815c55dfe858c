import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Type, type Static } from '@sinclair/typebox';
import { ConfigError, loadConfig, serviceConfigSchema } from '@rian/kit/config';

export const ConfigSchema = serviceConfigSchema('payments', {
  /** where slip images are kept; private: only payments reads them, behind signed URLs */
  PAYMENTS_SLIP_DIR: Type.String({ default: fileURLToPath(new URL('../../../var/slips', import.meta.url)) }),
  /** largest slip accepted, in bytes (5 MiB) */
  PAYMENTS_SLIP_MAX_BYTES: Type.Integer({ default: 5 * 1024 * 1024, minimum: 1 }),
  /** stored slips are scaled down to fit this many pixels on their longer side */
  PAYMENTS_SLIP_MAX_DIMENSION: Type.Integer({ default: 2560, minimum: 16 }),
  /** decoded size refused beyond this (width × height) */
  PAYMENTS_SLIP_MAX_PIXELS: Type.Integer({ default: 60_000_000, minimum: 1 }),
  /**
   * key of the HMAC that signs slip image URLs. Required in production (replicas must share it);
   * elsewhere, when empty, each process draws a random one (URLs live minutes, so nothing is lost).
   */
  PAYMENTS_URL_SECRET: Type.String({ default: '' }),
  /** how long a signed slip URL works, in seconds */
  PAYMENTS_URL_TTL_SECONDS: Type.Integer({ default: 300, minimum: 1, maximum: 86_400 }),
  /** base of the URLs handed out; the gateway exposes the service at /api/payments */
  PAYMENTS_PUBLIC_URL: Type.String({ default: '/api/payments' }),
});
export type Config = Static<typeof ConfigSchema>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const config = loadConfig(ConfigSchema, env);
  if (config.PAYMENTS_URL_SECRET.length >= 16) return config;
  if (config.PAYMENTS_URL_SECRET || env.NODE_ENV === 'production') {
    throw new ConfigError(['PAYMENTS_URL_SECRET: at least 16 characters (required in production)']);
  }
  return { ...config, PAYMENTS_URL_SECRET: randomBytes(32).toString('base64url') };
}
