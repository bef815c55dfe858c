import { Readable } from 'node:stream';
import { GetObjectCommand, NoSuchKey, S3Client, S3ServiceException } from '@aws-sdk/client-s3';

/** Where a bucket is and how to reach it: AWS, or MinIO, R2 and other look-alikes by endpoint. */
export interface S3Access {
  region: string;
  /** empty or undefined: AWS */
  endpoint?: string | undefined;
  /** path-style URLs (MinIO); false for AWS virtual-hosted buckets */
  forcePathStyle: boolean;
  /** both or neither; neither: the SDK's default chain (e.g. a workload identity) */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
}

/** An S3 client for media's bucket or the private one. */
export function createS3Client(access: S3Access): S3Client {
  return new S3Client({
    region: access.region,
    forcePathStyle: access.forcePathStyle,
    ...(access.endpoint ? { endpoint: access.endpoint } : {}),
    ...(access.accessKeyId && access.secretAccessKey
      ? { credentials: { accessKeyId: access.accessKeyId, secretAccessKey: access.secretAccessKey } }
      : {}),
    // MinIO and other look-alikes do not all know the SDK's newer default checksums
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** An object as a stream with its length (when the bucket says), or undefined when there is none. */
export async function getObject(
  client: S3Client,
  bucket: string,
  key: string,
): Promise<{ body: Readable; bytes: number | undefined } | undefined> {
  try {
    const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    if (!(res.Body instanceof Readable)) throw new Error('S3 answered a body that is not a stream');
    return { body: res.Body, bytes: res.ContentLength };
  } catch (err) {
    if (err instanceof NoSuchKey) return undefined;
    if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return undefined;
    throw err;
  }
}
