import fp from 'fastify-plugin';
import { DEMO_BANK_ACCOUNTS, DEMO_OFFERS, DEMO_PRODUCTS } from '../../domain/demo-products.js';

/**
 * With CATALOG_SEED_DEMO, a fresh catalog gets the demo shop when the app is ready: products, their
 * prices, an instalment plan, the courses they grant and a bank account — one transaction, each row
 * through the same insert as staff's create (so each has its event), and only on an empty catalog.
 */
export default fp<{ enabled: boolean }>(
  async (app, opts) => {
    if (!opts.enabled) return;
    app.addHook('onReady', async () => {
      const added = await app.products.seedWhenEmpty(DEMO_PRODUCTS, async (em, idOf) => {
        for (const account of DEMO_BANK_ACCOUNTS) app.bankAccounts.insert(em, account, null);
        for (const [url, offer] of Object.entries(DEMO_OFFERS)) {
          const productId = idOf(url);
          for (const price of offer.prices) app.prices.insert(em, productId, price, null);
          for (const plan of offer.plans ?? []) app.installmentPlans.insert(em, { ...plan, productId }, null);
          // learning's demo courses, by their fixed ids (catalog's course read model learns them from
          // learning's course events, which may arrive after this: the seed names them directly)
          await app.productCourses.setIn(em, productId, offer.courseIds, null, { trusted: true });
        }
      });
      if (added) app.log.info({ added }, 'demo shop seeded');
    });
  },
  {
    name: 'demo-seed',
    dependencies: ['products', 'prices', 'installment-plans', 'product-courses', 'bank-accounts'],
  },
);
