import fp from 'fastify-plugin';
import type { FileStore } from '../../storage/file-store.js';
import { LocalFileStore } from '../../storage/local-file-store.js';
import type { Config } from '../../config.js';

declare module 'fastify' {
  interface FastifyInstance {
    fileStore: FileStore;
  }
}

/**
 * The bucket when MEDIA_S3_BUCKET is set, else the local folder MEDIA_DIR. The AWS SDK is loaded
 * only for the bucket: it is large and local development never needs it.
 */
export async function fileStoreFor(config: Config): Promise<FileStore & { close?: () => void }> {
  if (!config.MEDIA_S3_BUCKET) return new LocalFileStore(config.MEDIA_DIR);
  const { S3FileStore } = await import('../../storage/s3-file-store.js');
  return new S3FileStore({
    bucket: config.MEDIA_S3_BUCKET,
    endpoint: config.MEDIA_S3_ENDPOINT,
    region: config.MEDIA_S3_REGION,
    accessKeyId: config.MEDIA_S3_ACCESS_KEY_ID,
    secretAccessKey: config.MEDIA_S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.MEDIA_S3_FORCE_PATH_STYLE,
    prefix: config.MEDIA_S3_PREFIX,
  });
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const store = await fileStoreFor(config);
    app.decorate('fileStore', store);
    app.addHook('onClose', async () => store.close?.());
    app.log.info(
      store instanceof LocalFileStore
        ? { backend: store.backend, dir: store.root }
        : { backend: 's3', bucket: config.MEDIA_S3_BUCKET, endpoint: config.MEDIA_S3_ENDPOINT },
      'file storage',
    );
  },
  { name: 'file-store' },
);
