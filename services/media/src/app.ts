import { buildService, type ServiceApp } from '@rian/kit/service';
import type { KeySource } from '@rian/kit/tokens';
import type { Logger } from '@rian/kit/logger';
import type { Config } from './config.js';
import { MediaFile } from './entities/media-file.js';
import { VideoAsset } from './entities/video-asset.js';
import { migrations } from './migrations/0001-init.js';
import { videoMigrations } from './migrations/0002-videos-and-documents.js';
import { transcodeAttemptMigrations } from './migrations/0003-transcode-attempts.js';
import fileStore from './plugins/external/file-store.js';
import images from './plugins/app/images.js';
import imageRoutes from './routes/images/index.js';
import adminImageRoutes from './routes/admin-images/index.js';
import transcodeQueue from './plugins/app/transcode-queue.js';
import videos from './plugins/app/videos.js';
import videoUploads from './plugins/app/video-uploads.js';
import documents from './plugins/app/documents.js';
import videoUploadRoutes from './routes/video-uploads/index.js';
import adminVideoRoutes from './routes/admin-videos/index.js';
import documentRoutes from './routes/documents/index.js';
import signedRoutes from './routes/signed/index.js';

/**
 * Builds the media app (never listens): image uploads for the back office, image reads for everyone;
 * lesson videos (resumable upload, HLS transcode) and private documents, read through signed URLs.
 */
export async function buildApp(
  config: Config,
  opts: { tokenKeys?: KeySource; logger?: Logger } = {},
): Promise<ServiceApp> {
  return buildService({
    name: 'media',
    description:
      'Uploaded files: images checked by content, re-encoded, stored and served; lesson videos transcoded to HLS; private documents behind signed URLs',
    config,
    entities: [MediaFile, VideoAsset],
    migrations: [...migrations, ...videoMigrations, ...transcodeAttemptMigrations],
    ...(opts.tokenKeys ? { tokenKeys: opts.tokenKeys } : {}),
    ...(opts.logger ? { logger: opts.logger } : {}),
    routes: async (app) => {
      await app.register(fileStore, { config });
      await app.register(images, { config });
      await app.register(imageRoutes, { maxBytes: config.MEDIA_MAX_BYTES });
      await app.register(adminImageRoutes);
      await app.register(transcodeQueue, { config });
      await app.register(videos, { config });
      await app.register(videoUploads, { config });
      await app.register(documents, { config });
      await app.register(videoUploadRoutes, { maxBytes: config.MEDIA_VIDEO_MAX_BYTES });
      await app.register(adminVideoRoutes);
      await app.register(documentRoutes, { maxBytes: config.MEDIA_DOCUMENT_MAX_BYTES });
      await app.register(signedRoutes, { secret: config.MEDIA_URL_SECRET });
    },
  });
}
