import { buildService, type ServiceApp } from '@rian/kit/service';
import type { KeySource } from '@rian/kit/tokens';
import type { Logger } from '@rian/kit/logger';
import type { Config } from './config.js';
import { MediaFile } from './entities/media-file.js';
import { migrations } from './migrations/0001-init.js';
import fileStore from './plugins/external/file-store.js';
import images from './plugins/app/images.js';
import imageRoutes from './routes/images/index.js';
import adminImageRoutes from './routes/admin-images/index.js';

/** Builds the media app (never listens): image uploads for the back office, image reads for everyone. */
export async function buildApp(
  config: Config,
  opts: { tokenKeys?: KeySource; logger?: Logger } = {},
): Promise<ServiceApp> {
  return buildService({
    name: 'media',
    description: 'Uploaded files: images checked by content, re-encoded, stored and served',
    config,
    entities: [MediaFile],
    migrations,
    ...(opts.tokenKeys ? { tokenKeys: opts.tokenKeys } : {}),
    ...(opts.logger ? { logger: opts.logger } : {}),
    routes: async (app) => {
      await app.register(fileStore, { config });
      await app.register(images, { config });
      await app.register(imageRoutes, { maxBytes: config.MEDIA_MAX_BYTES });
      await app.register(adminImageRoutes);
    },
  });
}
