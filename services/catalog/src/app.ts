import { buildService, type ServiceApp } from '@rian/kit/service';
import type { KeySource } from '@rian/kit/tokens';
import type { Logger } from '@rian/kit/logger';
import type { Config } from './config.js';
import { Product } from './entities/product.js';
import { migrations } from './migrations/0001-init.js';
import products from './plugins/app/products.js';
import demoSeed from './plugins/app/demo-seed.js';
import publicProductRoutes from './routes/products/index.js';
import adminProductRoutes from './routes/admin-products/index.js';

/** Builds the catalog app (never listens): products for the shop and the back office. */
export async function buildApp(
  config: Config,
  opts: { tokenKeys?: KeySource; logger?: Logger } = {},
): Promise<ServiceApp> {
  return buildService({
    name: 'catalog',
    description: 'Products on sale: the shop reads them, staff manage them',
    config,
    entities: [Product],
    migrations,
    ...(opts.tokenKeys ? { tokenKeys: opts.tokenKeys } : {}),
    ...(opts.logger ? { logger: opts.logger } : {}),
    routes: async (app) => {
      await app.register(products);
      await app.register(demoSeed, { enabled: config.CATALOG_SEED_DEMO });
      await app.register(publicProductRoutes);
      await app.register(adminProductRoutes);
    },
  });
}
