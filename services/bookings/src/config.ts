import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Type, type Static } from '@sinclair/typebox';
import { ConfigError, loadConfig, serviceConfigSchema } from '@rian/kit/config';
import { PrivateS3Settings } from '@rian/kit/private-files';
import { secretKeyFrom } from '@rian/kit/secret-box';

export const ConfigSchema = serviceConfigSchema('bookings', {
  ...PrivateS3Settings,
  /** the demo booking key (src/domain/demo-key.ts) once catalog's demo workshop is known; npm start sets it */
  BOOKINGS_SEED_DEMO: Type.Boolean({ default: false }),
  /** how many bookings a new key takes when staff give no limit */
  BOOKINGS_KEY_LIMIT: Type.Integer({ default: 50, minimum: 1, maximum: 10_000 }),
  /**
   * AES-256-GCM key of what bookings keeps sealed at rest (the phone numbers): 64 hex digits or
   * base64url of 32 bytes. Required in production; elsewhere a fixed development key is used (the
   * data outlives the process, so it cannot be a random one per start).
   */
  BOOKINGS_SECRET_KEY: Type.String({ default: '' }),
  /** where slip images are kept; private: only bookings reads them, behind signed URLs */
  BOOKINGS_SLIP_DIR: Type.String({
    default: fileURLToPath(new URL('../../../var/booking-slips', import.meta.url)),
  }),
  /** largest slip accepted, in bytes (5 MiB), enforced while the upload streams in */
  BOOKINGS_SLIP_MAX_BYTES: Type.Integer({ default: 5 * 1024 * 1024, minimum: 1 }),
  /** stored slips are scaled down to fit this many pixels on their longer side */
  BOOKINGS_SLIP_MAX_DIMENSION: Type.Integer({ default: 2560, minimum: 16 }),
  /** width × height refused beyond this, read from the file's header before any decode */
  BOOKINGS_SLIP_MAX_PIXELS: Type.Integer({ default: 30_000_000, minimum: 1 }),
  /** slip images decoded at once by one process; waiting beyond the queue or the wait → 503 */
  BOOKINGS_SLIP_DECODES: Type.Integer({ default: 2, minimum: 1 }),
  BOOKINGS_SLIP_DECODE_QUEUE: Type.Integer({ default: 8, minimum: 0 }),
  BOOKINGS_SLIP_DECODE_WAIT_MS: Type.Integer({ default: 5_000, minimum: 0 }),
  /** a slip not claimed by a booking within this many seconds is removed (one day) */
  BOOKINGS_SLIP_UNCLAIMED_SECONDS: Type.Integer({ default: 86_400, minimum: 60 }),
  /** wrong keys one client IP may try per short window and per day (Redis), then 429 */
  BOOKINGS_KEY_MISSES_PER_WINDOW: Type.Integer({ default: 10, minimum: 1 }),
  BOOKINGS_KEY_MISS_WINDOW_SECONDS: Type.Integer({ default: 600, minimum: 1 }),
  BOOKINGS_KEY_MISSES_PER_DAY: Type.Integer({ default: 50, minimum: 1 }),
  /** key checks, slip uploads and bookings one client IP may send per window, whatever their outcome */
  BOOKINGS_REQUESTS_PER_WINDOW: Type.Integer({ default: 60, minimum: 1 }),
  BOOKINGS_REQUEST_WINDOW_SECONDS: Type.Integer({ default: 600, minimum: 1 }),
  /**
   * key of the HMAC that signs slip image URLs. Required in production (replicas must share it);
   * elsewhere, when empty, each process draws a random one (URLs live minutes, so nothing is lost).
   */
  BOOKINGS_URL_SECRET: Type.String({ default: '' }),
  /** how long a signed slip URL works, in seconds */
  BOOKINGS_URL_TTL_SECONDS: Type.Integer({ default: 300, minimum: 1, maximum: 86_400 }),
  /** base of the URLs handed out; the gateway exposes the service at /api/bookings */
  BOOKINGS_PUBLIC_URL: Type.String({ default: '/api/bookings' }),
});
export type Config = Static<typeof ConfigSchema>;

/** Development only: public, so production must bring its own. */
export const DEV_SECRET_KEY = '72696a6e2d6465762d626f6f6b696e67732d7365637265742d6b65792d303031';

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const config = loadConfig(ConfigSchema, env, problems);
  const production = env.NODE_ENV === 'production';
  const out = { ...config };
  if (config.BOOKINGS_SECRET_KEY) {
    try {
      secretKeyFrom(config.BOOKINGS_SECRET_KEY);
    } catch {
      problems.push('BOOKINGS_SECRET_KEY: 32 bytes as 64 hex digits or base64url');
    }
    if (production && config.BOOKINGS_SECRET_KEY === DEV_SECRET_KEY) {
      problems.push('BOOKINGS_SECRET_KEY: the development key cannot be used in production');
    }
  } else if (production) problems.push('BOOKINGS_SECRET_KEY: required in production');
  else out.BOOKINGS_SECRET_KEY = DEV_SECRET_KEY;
  if (config.BOOKINGS_URL_SECRET.length < 16) {
    if (config.BOOKINGS_URL_SECRET || production) {
      problems.push('BOOKINGS_URL_SECRET: at least 16 characters (required in production)');
    } else out.BOOKINGS_URL_SECRET = randomBytes(32).toString('base64url');
  }
  if (problems.length) throw new ConfigError(problems);
  return out;
}
