import { Type, type Static } from '@sinclair/typebox';
import { loadConfig, serviceConfigSchema } from '@rian/kit/config';

export const ConfigSchema = serviceConfigSchema('catalog', {
  /** insert the demo products (src/domain/demo-products.ts) when the products table is empty at start */
  CATALOG_SEED_DEMO: Type.Boolean({ default: false }),
  /** seconds a cached public read (product list and page, packages, a product's prices) may live; 0 turns the cache off */
  CATALOG_CACHE_TTL_SECONDS: Type.Integer({ default: 30, minimum: 0, maximum: 3600 }),
  /**
   * the public shop reads' Cache-Control (plugins/app/cache-control.ts): how long a shared cache
   * (the gateway's) may keep one (s-maxage; 0: not at all) and serve it stale while it asks again
   */
  CATALOG_PUBLIC_MAX_AGE_SECONDS: Type.Integer({ default: 60, minimum: 0, maximum: 3600 }),
  CATALOG_PUBLIC_STALE_SECONDS: Type.Integer({ default: 30, minimum: 0, maximum: 3600 }),
});
export type Config = Static<typeof ConfigSchema>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig(ConfigSchema, env);
}
