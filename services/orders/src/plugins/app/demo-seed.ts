import fp from 'fastify-plugin';
import { DEMO_COUPONS } from '../../domain/demo-coupons.js';

/** With ORDERS_SEED_DEMO, a fresh orders gets the demo coupon when the app is ready. */
export default fp<{ enabled: boolean }>(
  async (app, opts) => {
    if (!opts.enabled) return;
    app.addHook('onReady', async () => {
      const added = await app.coupons.seedWhenEmpty(DEMO_COUPONS);
      if (added) app.log.info({ added }, 'demo coupon seeded');
    });
  },
  { name: 'demo-seed', dependencies: ['coupons'] },
);
