import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Type, type Static } from '@sinclair/typebox';
import { createS3Client, getObject } from './s3.js';

const NAME = /^[0-9a-f-]{36}\.(png|jpg|gif)$/;
const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif' };

function checkedName(name: string): string {
  if (!NAME.test(name)) throw new Error(`not a private file name: ${name}`);
  return name;
}

/**
 * Private images (payments' and bookings' transfer slips), never served as static files: only
 * through the owning service's signed, short-lived routes. Names are `<uuid>.<png|jpg|gif>`;
 * anything else is refused before any I/O.
 */
export interface PrivateFiles {
  readonly backend: 'local' | 's3';
  put(name: string, data: Buffer): Promise<void>;
  /** no error when it is not there */
  remove(name: string): Promise<void>;
  /** The file and its size; undefined when it is not there. */
  open(name: string): Promise<{ body: Readable; bytes: number } | undefined>;
}

/**
 * On the local disk (one machine, or a ReadWriteMany volume shared by replicas): owner-only
 * permissions, written to a temporary name and renamed, so a reader never sees half a file.
 */
export class PrivateFileStore implements PrivateFiles {
  readonly backend = 'local';
  constructor(private readonly dir: string) {}

  private path(name: string): string {
    return join(this.dir, checkedName(name));
  }

  async put(name: string, data: Buffer): Promise<void> {
    const target = this.path(name);
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const tmp = `${target}.${process.pid}.tmp`;
    await writeFile(tmp, data, { mode: 0o600 });
    await rename(tmp, target);
  }

  async remove(name: string): Promise<void> {
    await rm(this.path(name), { force: true });
  }

  async open(name: string): Promise<{ body: Readable; bytes: number } | undefined> {
    const path = this.path(name);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    return { body: createReadStream(path), bytes: info.size };
  }
}

/**
 * The bucket of private files (`PRIVATE_S3_*`), shared by the services that keep them, each under a
 * prefix of its own. Empty bucket: the local folder. The bucket must not be readable anonymously:
 * the services read it with their keys and serve a file only through a signed link of their own.
 */
export const PrivateS3Settings = {
  /** an S3-compatible bucket for private files (slips) instead of the local folder; empty: the folder */
  PRIVATE_S3_BUCKET: Type.String({ default: '' }),
  /** MinIO, R2 and other look-alikes; empty: AWS */
  PRIVATE_S3_ENDPOINT: Type.String({ default: '' }),
  PRIVATE_S3_REGION: Type.String({ default: 'us-east-1' }),
  /** path-style URLs (MinIO); false for AWS virtual-hosted buckets */
  PRIVATE_S3_FORCE_PATH_STYLE: Type.Boolean({ default: true }),
  /** the bucket's keys; empty: the AWS SDK's default chain (e.g. a workload identity) */
  PRIVATE_S3_ACCESS_KEY_ID: Type.String({ default: '' }),
  PRIVATE_S3_SECRET_ACCESS_KEY: Type.String({ default: '' }),
};
export type PrivateS3Config = Static<ReturnType<typeof Type.Object<typeof PrivateS3Settings>>>;

/** Private files in an S3-compatible bucket: key `<prefix><name>`, e.g. `payments/slips/<uuid>.png`. */
export class S3PrivateFileStore implements PrivateFiles {
  readonly backend = 's3';
  private readonly client: S3Client;

  constructor(
    private readonly config: PrivateS3Config,
    private readonly prefix: string,
  ) {
    this.client = createS3Client({
      region: config.PRIVATE_S3_REGION,
      endpoint: config.PRIVATE_S3_ENDPOINT,
      forcePathStyle: config.PRIVATE_S3_FORCE_PATH_STYLE,
      accessKeyId: config.PRIVATE_S3_ACCESS_KEY_ID,
      secretAccessKey: config.PRIVATE_S3_SECRET_ACCESS_KEY,
    });
  }

  private key(name: string): string {
    return `${this.prefix}${checkedName(name)}`;
  }

  async put(name: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.PRIVATE_S3_BUCKET,
        Key: this.key(name),
        Body: data,
        ContentLength: data.length,
        ContentType: TYPES[name.slice(name.lastIndexOf('.') + 1)],
        // never cached by anything between the bucket and a service
        CacheControl: 'private, no-store',
      }),
    );
  }

  async remove(name: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.config.PRIVATE_S3_BUCKET, Key: this.key(name) }),
    );
  }

  async open(name: string): Promise<{ body: Readable; bytes: number } | undefined> {
    const file = await getObject(this.client, this.config.PRIVATE_S3_BUCKET, this.key(name));
    return file && { body: file.body, bytes: file.bytes ?? 0 };
  }

  close(): void {
    this.client.destroy();
  }
}

/** The bucket when PRIVATE_S3_BUCKET is set (under `prefix`), else the local folder `dir`. */
export function openPrivateFiles(config: PrivateS3Config, dir: string, prefix: string): PrivateFiles {
  return config.PRIVATE_S3_BUCKET ? new S3PrivateFileStore(config, prefix) : new PrivateFileStore(dir);
}
