import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { objectKey, type FileRef, type FileStore, type StoredFile } from './file-store.js';

export interface S3StoreOptions {
  bucket: string;
  endpoint?: string | undefined;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
  prefix?: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Files in an S3-compatible bucket (MinIO, AWS S3, R2...): key `<prefix>public/product/<name>`. */
export class S3FileStore implements FileStore {
  readonly backend = 's3';
  private readonly client: S3Client;

  constructor(private readonly opts: S3StoreOptions) {
    this.client = new S3Client({
      region: opts.region,
      forcePathStyle: opts.forcePathStyle,
      ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
      ...(opts.accessKeyId && opts.secretAccessKey
        ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
        : {}),
      // MinIO and other look-alikes do not all know the SDK's newer default checksums
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
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
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.opts.bucket, Key: this.key(ref) }),
      );
      if (!(res.Body instanceof Readable)) throw new Error('S3 answered a body that is not a stream');
      return { body: res.Body, bytes: res.ContentLength };
    } catch (err) {
      if (err instanceof NoSuchKey) return undefined;
      if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return undefined;
      throw err;
    }
  }

  close(): void {
    this.client.destroy();
  }
}
