import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { DeleteObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { createS3Client, getObject, type S3Access } from '@rian/kit/s3';
import { objectKey, type FileRef, type FileStore, type StoredFile } from './file-store.js';

export interface S3StoreOptions extends S3Access {
  bucket: string;
  prefix?: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Files in an S3-compatible bucket (MinIO, AWS S3, R2...): key `<prefix>public/product/<name>`. */
export class S3FileStore implements FileStore {
  readonly backend = 's3';
  private readonly client: S3Client;

  constructor(private readonly opts: S3StoreOptions) {
    this.client = createS3Client(opts);
  }

  private key(ref: FileRef): string {
    return `${this.opts.prefix ?? ''}${objectKey(ref)}`;
  }

  async put(ref: FileRef, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.opts.bucket,
        Key: this.key(ref),
        Body: body,
        ContentType: contentType,
        ContentLength: body.length,
        // a CDN or a browser reading the bucket directly gets the same rules as our own route
        ...(ref.visibility === 'public' ? { CacheControl: IMMUTABLE } : {}),
      }),
    );
  }

  /** One PUT of up to 5 GB (MEDIA_VIDEO_MAX_BYTES stays below): S3 stores it whole or not at all. */
  async putFile(ref: FileRef, path: string, contentType: string): Promise<void> {
    const { size } = await stat(path);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.opts.bucket,
        Key: this.key(ref),
        Body: createReadStream(path),
        ContentType: contentType,
        ContentLength: size,
      }),
    );
  }

  async delete(ref: FileRef): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: this.key(ref) }));
  }

  async get(ref: FileRef): Promise<StoredFile | undefined> {
    return getObject(this.client, this.opts.bucket, this.key(ref));
  }

  close(): void {
    this.client.destroy();
  }
}
