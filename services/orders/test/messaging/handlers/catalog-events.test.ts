import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import {
  CatalogBus,
  coursesChanged,
  newId,
  planChanged,
  planDeleted,
  priceChanged,
  productChanged,
  productDeleted,
  rows,
  startOrders,
} from '../../helpers.js';

const DAY = '2026-04-15';

/**
 * The catalog handlers (src/messaging/handlers/on-catalog-*.ts), fed by events published into the
 * CATALOG stream as catalog's relay does; catalog itself never runs here. Each event is delivered
 * and waited for until orders' consumer acked it, so "nothing changed" is checked after the fact.
 */
describe('catalog events → orders read model', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let bus: CatalogBus;

  beforeAll(async () => {
    env = await createTestEnv();
    app = await startOrders(env);
    bus = await CatalogBus.open(env);
  });

  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await env?.cleanup();
  });

  const model = () => app.catalogReadModel;

  describe('catalog.product.changed (no revision: ordered by changedAt, then event id)', () => {
    it('stores a product, takes a newer change and ignores an older one that arrives late', async () => {
      const productId = newId();
      await bus.deliver(productChanged(productId, { title: 'v1', changedAt: '2026-03-01T03:00:00.000Z' }));
      expect(await model().sellableProduct(productId)).toMatchObject({
        productId,
        title: 'v1',
        price: 150_000,
      });

      await bus.deliver(
        productChanged(productId, { title: 'v3', price: 180_000, changedAt: '2026-03-03T03:00:00.000Z' }),
      );
      await bus.deliver(
        productChanged(productId, { title: 'v2 (late)', changedAt: '2026-03-02T03:00:00.000Z' }),
      );
      expect(await model().sellableProduct(productId)).toMatchObject({ title: 'v3', price: 180_000 });
    });

    it('two changes of the same millisecond: the later event id wins, whatever the arrival order', async () => {
      const productId = newId();
      const at = '2026-03-05T03:00:00.000Z';
      const first = productChanged(productId, { title: 'first', changedAt: at });
      const second = productChanged(productId, { title: 'second', changedAt: at });
      expect(second.id > first.id).toBe(true);
      await bus.deliver(second);
      await bus.deliver(first);
      expect(await model().sellableProduct(productId)).toMatchObject({ title: 'second' });
    });

    it('a disabled product is not sellable; enabling it again makes it sellable', async () => {
      const productId = newId();
      await bus.deliver(productChanged(productId, { disable: 'Y', changedAt: '2026-03-01T03:00:00.000Z' }));
      expect(await model().sellableProduct(productId)).toBeUndefined();
      await bus.deliver(productChanged(productId, { disable: 'N', changedAt: '2026-03-02T03:00:00.000Z' }));
      expect(await model().sellableProduct(productId)).toMatchObject({ productId });
    });
  });

  describe('catalog.price.changed (revision)', () => {
    it('keeps the highest revision: rev 3 stays when rev 2 arrives after it', async () => {
      const productId = newId();
      const priceId = newId();
      await bus.deliver(productChanged(productId));
      await bus.deliver(priceChanged(productId, priceId, { value: 100_000, revision: 1 }));
      await bus.deliver(priceChanged(productId, priceId, { value: 130_000, revision: 3 }));
      await bus.deliver(priceChanged(productId, priceId, { value: 120_000, revision: 2 }));

      expect((await model().pricesFor(productId, ['NL'], DAY)).map((p) => p.value)).toEqual([130_000]);
      const [row] = await rows(app, 'select value, revision from product_prices where price_id = ?', [
        priceId,
      ]);
      expect(row).toMatchObject({ value: '130000', revision: 3 });
    });

    it('out of order from the very start: rev 2 first, then rev 1 changes nothing', async () => {
      const productId = newId();
      const priceId = newId();
      await bus.deliver(productChanged(productId));
      await bus.deliver(priceChanged(productId, priceId, { value: 90_000, revision: 2 }));
      await bus.deliver(priceChanged(productId, priceId, { value: 80_000, revision: 1 }));
      expect((await model().pricesFor(productId, ['NL'], DAY)).map((p) => p.value)).toEqual([90_000]);
    });

    it('removed takes the price off sale; restored puts it back', async () => {
      const productId = newId();
      const priceId = newId();
      await bus.deliver(productChanged(productId));
      await bus.deliver(priceChanged(productId, priceId, { revision: 1 }));
      await bus.deliver(priceChanged(productId, priceId, { removed: true, revision: 2 }));
      expect(await model().pricesFor(productId, ['NL'], DAY)).toEqual([]);
      await bus.deliver(priceChanged(productId, priceId, { removed: false, revision: 3 }));
      expect((await model().pricesFor(productId, ['NL'], DAY)).map((p) => p.priceId)).toEqual([priceId]);
    });

    it('a price that arrives before its product is kept and sold once the product arrives', async () => {
      const productId = newId();
      const priceId = newId();
      await bus.deliver(priceChanged(productId, priceId));
      expect(await model().pricesFor(productId, ['NL'], DAY)).toEqual([]);
      await bus.deliver(productChanged(productId));
      expect((await model().pricesFor(productId, ['NL'], DAY)).map((p) => p.priceId)).toEqual([priceId]);
    });
  });

  describe('duplicates', () => {
    it('the same event delivered twice is handled once (inbox) and changes nothing the second time', async () => {
      const productId = newId();
      const priceId = newId();
      await bus.deliver(productChanged(productId));
      const rev1 = priceChanged(productId, priceId, { value: 100_000, revision: 1 });
      await bus.deliver(rev1);
      await bus.deliver(priceChanged(productId, priceId, { value: 110_000, revision: 2 }));
      // JetStream would drop a second publish with the same Nats-Msg-Id: another id delivers it again
      await bus.deliver(rev1, `${rev1.id}-again`);

      expect((await model().pricesFor(productId, ['NL'], DAY)).map((p) => p.value)).toEqual([110_000]);
      const inbox = await rows(app, 'select count(*)::int as n from kit_inbox where event_id = ?', [rev1.id]);
      expect(inbox[0]).toEqual({ n: 1 });
    });

    it('a replayed plan event does not bring back e-mails a newer revision took off', async () => {
      const productId = newId();
      const planId = newId();
      await bus.deliver(productChanged(productId));
      const withBoth = planChanged(productId, planId, {
        type: 'email',
        emails: ['a@example.com', 'b@example.com'],
        revision: 1,
      });
      await bus.deliver(withBoth);
      await bus.deliver(
        planChanged(productId, planId, { type: 'email', emails: ['a@example.com'], revision: 2 }),
      );
      await bus.deliver(withBoth, `${withBoth.id}-replay`);

      expect(await model().plansOpenTo(productId, 'b@example.com', DAY)).toEqual([]);
      expect((await model().plansOpenTo(productId, 'a@example.com', DAY)).map((p) => p.planId)).toEqual([
        planId,
      ]);
    });
  });

  describe('catalog.product-courses.changed', () => {
    it('keeps the newest whole list', async () => {
      const productId = newId();
      await bus.deliver(coursesChanged(productId, ['gold-101', 'gold-201'], 2));
      await bus.deliver(coursesChanged(productId, ['gold-101'], 1));
      expect(await model().courseIds(productId)).toEqual(['gold-101', 'gold-201']);
      await bus.deliver(coursesChanged(productId, ['gold-301'], 3));
      expect(await model().courseIds(productId)).toEqual(['gold-301']);
    });
  });

  describe('catalog.installment-plan.changed / deleted', () => {
    it('a newer revision replaces the plan and its e-mail list; a late older one changes nothing', async () => {
      const productId = newId();
      const planId = newId();
      await bus.deliver(productChanged(productId));
      await bus.deliver(planChanged(productId, planId, { count: 3, revision: 1 }));
      await bus.deliver(planChanged(productId, planId, { count: 6, name: 'ผ่อน 6 เดือน', revision: 2 }));
      await bus.deliver(planChanged(productId, planId, { count: 4, revision: 1 }));
      expect(await model().plansOpenTo(productId, null, DAY)).toMatchObject([{ planId, count: 6 }]);
    });

    it('a deleted plan stays deleted when an older change of it comes late', async () => {
      const productId = newId();
      const planId = newId();
      await bus.deliver(productChanged(productId));
      await bus.deliver(planChanged(productId, planId, { revision: 1 }));
      await bus.deliver(planDeleted(productId, planId));
      await bus.deliver(planChanged(productId, planId, { revision: 2 }));
      expect(await model().plansOpenTo(productId, null, DAY)).toEqual([]);
      expect(await rows(app, 'select 1 from installment_plans where plan_id = ?', [planId])).toEqual([]);
    });
  });

  describe('catalog.product.deleted', () => {
    it('takes the product with its prices, courses and plans, and late events of it stay ignored', async () => {
      const productId = newId();
      const priceId = newId();
      const planId = newId();
      await bus.deliver(productChanged(productId, { changedAt: '2026-03-01T03:00:00.000Z' }));
      await bus.deliver(priceChanged(productId, priceId));
      await bus.deliver(coursesChanged(productId, ['gold-101'], 1));
      await bus.deliver(
        planChanged(productId, planId, { type: 'email', emails: ['a@example.com'], revision: 1 }),
      );
      expect(await model().pricesFor(productId, ['NL'], DAY)).toHaveLength(1);

      await bus.deliver(productDeleted(productId));
      expect(await model().sellableProduct(productId)).toBeUndefined();
      expect(await model().courseIds(productId)).toEqual([]);

      // events of the product published before the deletion, arriving after it
      await bus.deliver(productChanged(productId, { changedAt: '2026-03-02T03:00:00.000Z' }));
      await bus.deliver(priceChanged(productId, priceId, { revision: 2 }));
      await bus.deliver(planChanged(productId, planId, { revision: 2 }));
      await bus.deliver(coursesChanged(productId, ['gold-201'], 2));

      expect(await model().sellableProduct(productId)).toBeUndefined();
      for (const table of ['sellable_products', 'product_prices', 'product_courses', 'installment_plans']) {
        expect(await rows(app, `select 1 from ${table} where product_id = ?`, [productId]), table).toEqual(
          [],
        );
      }
      expect(await rows(app, 'select 1 from installment_plan_emails where plan_id = ?', [planId])).toEqual(
        [],
      );
    });
  });
});
