import { fileURLToPath } from 'node:url';
import { Type, type Static } from '@sinclair/typebox';
import { loadConfig, serviceConfigSchema } from '@rian/kit/config';

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
});
export type Config = Static<typeof ConfigSchema>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig(ConfigSchema, env);
}
