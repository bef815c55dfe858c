import { Type, type Static } from '@sinclair/typebox';
import { loadConfig, serviceConfigSchema } from '@rian/kit/config';

export const ConfigSchema = serviceConfigSchema('catalog', {
  /** insert the demo products (src/domain/demo-products.ts) when the products table is empty at start */
  CATALOG_SEED_DEMO: Type.Boolean({ default: false }),
});
export type Config = Static<typeof ConfigSchema>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig(ConfigSchema, env);
}
