import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Type, type Static } from '@sinclair/typebox';
import { ConfigError, loadConfig, serviceConfigSchema } from '@rian/kit/config';
import { DEV_MEDIA_URL_SECRET } from '@rian/kit/signed-url';

export const ConfigSchema = serviceConfigSchema('media', {
  /** local storage root (ARCHITECTURE.md §7: var/media in development); unused when MEDIA_S3_BUCKET is set */
  MEDIA_DIR: Type.String({ default: fileURLToPath(new URL('../../../var/media', import.meta.url)) }),
  /** largest upload accepted, in bytes (5 MiB) */
  MEDIA_MAX_BYTES: Type.Integer({ default: 5 * 1024 * 1024, minimum: 1 }),
  /** stored images are scaled down to fit this many pixels on their longer side */
  MEDIA_MAX_DIMENSION: Type.Integer({ default: 2560, minimum: 16 }),
  /** decoded size refused beyond this (width × height): a small file can expand into gigabytes */
  MEDIA_MAX_PIXELS: Type.Integer({ default: 60_000_000, minimum: 1 }),
  /** base of the URLs the service hands out; the gateway exposes the service at /api/media */
  MEDIA_PUBLIC_URL: Type.String({ default: '/api/media' }),
  /** S3-compatible bucket (MinIO in compose); when set, files go there instead of MEDIA_DIR */
  MEDIA_S3_BUCKET: Type.Optional(Type.String({ minLength: 1 })),
  /** e.g. http://minio:9000; empty = AWS itself */
  MEDIA_S3_ENDPOINT: Type.Optional(Type.String({ minLength: 1 })),
  MEDIA_S3_REGION: Type.String({ default: 'us-east-1' }),
  /** without them the SDK's default chain applies (environment, instance role...) */
  MEDIA_S3_ACCESS_KEY_ID: Type.Optional(Type.String({ minLength: 1 })),
  MEDIA_S3_SECRET_ACCESS_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /** MinIO and most S3 look-alikes want path-style addressing (http://host/bucket/key) */
  MEDIA_S3_FORCE_PATH_STYLE: Type.Boolean({ default: true }),
  /** key prefix inside the bucket, e.g. "rian/" */
  MEDIA_S3_PREFIX: Type.String({ default: '' }),
  /**
   * HMAC key of the signed private-file URLs (kit/signed-url.ts), shared with learning, which signs
   * members' URLs. Required in production (≥ 16 characters); elsewhere unset means the kit's
   * DEV_MEDIA_URL_SECRET, which learning falls back to as well.
   */
  MEDIA_URL_SECRET: Type.String({ default: '' }),
  /** how long a signed URL media itself hands out (staff preview) stays valid, in seconds */
  MEDIA_SIGNED_URL_TTL_S: Type.Integer({ default: 3600, minimum: 10 }),
  /** largest lesson video accepted by the resumable upload (4 GiB) */
  MEDIA_VIDEO_MAX_BYTES: Type.Integer({ default: 4 * 1024 ** 3, minimum: 1 }),
  /**
   * where resumable uploads are assembled until complete (then the original goes to the file
   * store); several replicas must share it (a volume), as a resumed PATCH may reach any of them
   */
  MEDIA_UPLOAD_DIR: Type.String({
    default: fileURLToPath(new URL('../../../var/media-uploads', import.meta.url)),
  }),
  /** an unfinished upload untouched this long is removed (its row and its bytes) */
  MEDIA_UPLOAD_EXPIRY_HOURS: Type.Integer({ default: 72, minimum: 1 }),
  /** scratch space for transcoding (a job's folder is removed when it ends) */
  MEDIA_WORK_DIR: Type.String({ default: join(tmpdir(), 'rian-media-work') }),
  /** transcodes one process runs at once */
  MEDIA_TRANSCODE_CONCURRENCY: Type.Integer({ default: 1, minimum: 0, maximum: 16 }),
  /** the job's time on one replica before JetStream hands it to another (heartbeats extend it) */
  MEDIA_TRANSCODE_ACK_WAIT_MS: Type.Integer({ default: 60_000, minimum: 1_000 }),
  /** deliveries of one transcode job before the asset is marked failed */
  MEDIA_TRANSCODE_MAX_DELIVER: Type.Integer({ default: 3, minimum: 1 }),
  MEDIA_FFMPEG: Type.String({ default: 'ffmpeg' }),
  MEDIA_FFPROBE: Type.String({ default: 'ffprobe' }),
  /** ffmpeg's x264 preset: veryfast keeps a lesson's transcode near real time on two cores */
  MEDIA_X264_PRESET: Type.String({ default: 'veryfast', pattern: '^[a-z]+$' }),
  /** largest private document (20 MiB) */
  MEDIA_DOCUMENT_MAX_BYTES: Type.Integer({ default: 20 * 1024 * 1024, minimum: 1 }),
  /**
   * the demo media: a generated test-pattern lesson video (DEMO_VIDEO_ASSET_ID) unless ready, and a
   * generated one-page private PDF (DEMO_FILE_IDS.forexSheet) unless stored
   */
  MEDIA_SEED_DEMO: Type.Boolean({ default: false }),
});
export type Config = Static<typeof ConfigSchema>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const config = loadConfig(ConfigSchema, env, problems);
  const secret = config.MEDIA_URL_SECRET;
  if (secret.length < 16 && (secret || env.NODE_ENV === 'production')) {
    problems.push('MEDIA_URL_SECRET: at least 16 characters (required in production)');
  }
  if (problems.length) throw new ConfigError(problems);
  if (secret.length >= 16) return config;
  // learning signs what media serves: both fall back to the same, public, development key
  return { ...config, MEDIA_URL_SECRET: DEV_MEDIA_URL_SECRET };
}
