import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Type, type Static } from '@sinclair/typebox';
import { ConfigError, inProduction, loadConfig, serviceConfigSchema } from '@rian/kit/config';
import { PrivateS3Settings } from '@rian/kit/private-files';
import { refKeyFrom } from './domain/payment-ref.js';

export const ConfigSchema = serviceConfigSchema('payments', {
  ...PrivateS3Settings,
  /** where slip images are kept; private: only payments reads them, behind signed URLs */
  PAYMENTS_SLIP_DIR: Type.String({ default: fileURLToPath(new URL('../../../var/slips', import.meta.url)) }),
  /** largest slip accepted, in bytes (5 MiB) */
  PAYMENTS_SLIP_MAX_BYTES: Type.Integer({ default: 5 * 1024 * 1024, minimum: 1 }),
  /** stored slips are scaled down to fit this many pixels on their longer side */
  PAYMENTS_SLIP_MAX_DIMENSION: Type.Integer({ default: 2560, minimum: 16 }),
  /**
   * width × height refused beyond this, read from the file's header before any decode: 30 million
   * is a 6000 × 5000 photo; a phone's slip screenshot is about 2.6 million
   */
  PAYMENTS_SLIP_MAX_PIXELS: Type.Integer({ default: 30_000_000, minimum: 1 }),
  /** slip images decoded at once by one process (each may take width × height × 4 bytes) */
  PAYMENTS_SLIP_DECODES: Type.Integer({ default: 2, minimum: 1 }),
  /** uploads waiting for a decode beyond this, or longer than the wait below, get 503 payments.slip_busy */
  PAYMENTS_SLIP_DECODE_QUEUE: Type.Integer({ default: 8, minimum: 0 }),
  PAYMENTS_SLIP_DECODE_WAIT_MS: Type.Integer({ default: 5_000, minimum: 0 }),
  /** slip uploads one member may send per window (Redis), whatever their outcome */
  PAYMENTS_SLIP_UPLOADS_PER_WINDOW: Type.Integer({ default: 10, minimum: 1 }),
  PAYMENTS_SLIP_UPLOAD_WINDOW_SECONDS: Type.Integer({ default: 600, minimum: 1 }),
  /**
   * key of the HMAC that signs slip image URLs. Required in production (replicas must share it);
   * elsewhere, when empty, each process draws a random one (URLs live minutes, so nothing is lost).
   */
  PAYMENTS_URL_SECRET: Type.String({ default: '' }),
  /** how long a signed slip URL works, in seconds */
  PAYMENTS_URL_TTL_SECONDS: Type.Integer({ default: 300, minimum: 1, maximum: 86_400 }),
  /** base of the URLs handed out; the gateway exposes the service at /api/payments */
  PAYMENTS_PUBLIC_URL: Type.String({ default: '/api/payments' }),
  /**
   * AES-256-GCM key of the payment pages' `{ref}` (64 hex digits or base64url of 32 bytes). Required in
   * production (replicas must share it); elsewhere, when empty, each process draws a random one.
   */
  PAYMENTS_REF_KEY: Type.String({ default: '' }),
  /**
   * absolute base of this service as payment providers and browsers reach it (through the gateway):
   * the card form's return and notify URLs are built on it
   */
  PAYMENTS_CALLBACK_BASE_URL: Type.String({
    default: 'http://127.0.0.1:3000/api/payments',
    ...inProduction('https'),
  }),
  /** 2C2P redirect API: where the card form is posted, the merchant id and its secret key */
  PAYMENTS_CARD_FORM_URL: Type.String({
    default: 'http://127.0.0.1:3109/RedirectV3/payment',
    ...inProduction('https'),
  }),
  PAYMENTS_CARD_MERCHANT_ID: Type.String({ default: 'JT01', minLength: 1, ...inProduction('changed') }),
  PAYMENTS_CARD_SECRET: Type.String({ default: '' }),
  /** KBank K-Payment Gateway API (UnionPay charges, QR orders): base URL and secret API key */
  PAYMENTS_KBANK_API_URL: Type.String({ default: 'http://127.0.0.1:3109', ...inProduction('https') }),
  PAYMENTS_KBANK_API_KEY: Type.String({ default: '' }),
  /** a provider call slower than this fails (and counts against its breaker) */
  PAYMENTS_PROVIDER_TIMEOUT_MS: Type.Integer({ default: 5_000, minimum: 100 }),
  /** the shop's PromptPay id (phone, tax id or e-wallet id) that QR payments are made out to */
  PAYMENTS_PROMPTPAY_ID: Type.String({
    default: '0812345678',
    pattern: '^[0-9-]{10,17}$',
    ...inProduction('changed'),
  }),
});
export type Config = Static<typeof ConfigSchema>;

/** The provider simulator's (services/payments/test/fakes/provider.ts) credentials: development only. */
export const DEV_CARD_SECRET = 'rian-dev-2c2p-secret';
export const DEV_KBANK_API_KEY = 'skey_test_rian_dev';

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const config = loadConfig(ConfigSchema, env, problems);
  const production = env.NODE_ENV === 'production';
  const out = { ...config };
  if (config.PAYMENTS_URL_SECRET.length < 16) {
    if (config.PAYMENTS_URL_SECRET || production) {
      problems.push('PAYMENTS_URL_SECRET: at least 16 characters (required in production)');
    } else out.PAYMENTS_URL_SECRET = randomBytes(32).toString('base64url');
  }
  if (config.PAYMENTS_REF_KEY) {
    try {
      refKeyFrom(config.PAYMENTS_REF_KEY);
    } catch {
      problems.push('PAYMENTS_REF_KEY: 32 bytes as 64 hex digits or base64url');
    }
  } else if (production) problems.push('PAYMENTS_REF_KEY: required in production');
  else out.PAYMENTS_REF_KEY = randomBytes(32).toString('base64url');
  // the simulator's keys are public: production must bring its own
  for (const [name, dev] of [
    ['PAYMENTS_CARD_SECRET', DEV_CARD_SECRET],
    ['PAYMENTS_KBANK_API_KEY', DEV_KBANK_API_KEY],
  ] as const) {
    if (config[name]) continue;
    if (production) problems.push(`${name}: required in production`);
    else out[name] = dev;
  }
  if (problems.length) throw new ConfigError(problems);
  return out;
}
