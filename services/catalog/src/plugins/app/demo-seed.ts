import fp from 'fastify-plugin';
import { DEMO_PRODUCTS } from '../../domain/demo-products.js';

/** With CATALOG_SEED_DEMO, a fresh catalog gets the demo products (and their events) when the app is ready. */
export default fp<{ enabled: boolean }>(
  async (app, opts) => {
    if (!opts.enabled) return;
    app.addHook('onReady', async () => {
      const added = await app.products.seedWhenEmpty(DEMO_PRODUCTS);
      if (added) app.log.info({ added }, 'demo products seeded');
    });
  },
  { name: 'demo-seed', dependencies: ['products'] },
);
