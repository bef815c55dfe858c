import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import {
  CatalogBus,
  newId,
  planChanged,
  priceChanged,
  productChanged,
  startOrders,
  TestClock,
} from '../../helpers.js';

/**
 * The read model's questions, answered with catalog stopped (it never runs in this file; orders
 * has no catalog address at all): only the events that reached the CATALOG stream.
 *
 * Product GOLD on sale in April 2026 (Bangkok days):
 *   SEB  SPTR 1,200.00  1–10 April          EB  SPTR 1,350.00  1–20 April (fee flag Y)
 *   NL   NL   1,500.00  1–30 April          NL  CG1  1,000.00  no window
 *   EB   SPTR 1,100.00  removed
 * Plans: 3 instalments to anyone in April; 2 to malee@example.com in April; 6 to anyone in May.
 */
describe('catalog read model queries (catalog stopped)', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let bus: CatalogBus;
  // 31 March 17:30 UTC = 1 April 00:30 in Bangkok
  const clock = new TestClock(new Date('2026-03-31T17:30:00Z'));
  const gold = newId();
  const disabled = newId();
  const other = newId();
  const price = { seb: newId(), eb: newId(), nl: newId(), cg1: newId(), removed: newId(), other: newId() };
  const plan = { all3: newId(), email2: newId(), may6: newId() };

  beforeAll(async () => {
    env = await createTestEnv();
    app = await startOrders(env, clock);
    bus = await CatalogBus.open(env);
    const april = { start: '2026-04-01', to: '2026-04-30' };
    for (const e of [
      productChanged(gold, { title: 'คอร์สเทรดทองคำ', book: 'Y', coinPay: 'Y' }),
      productChanged(disabled, { disable: 'Y' }),
      productChanged(other),
      priceChanged(gold, price.seb, {
        type: 'SEB',
        member: 'SPTR',
        value: 120_000,
        start: '2026-04-01',
        to: '2026-04-10',
      }),
      priceChanged(gold, price.eb, {
        type: 'EB',
        member: 'SPTR',
        value: 135_000,
        start: '2026-04-01',
        to: '2026-04-20',
        fee: 'Y',
      }),
      priceChanged(gold, price.nl, { type: 'NL', member: 'NL', value: 150_000, ...april }),
      priceChanged(gold, price.cg1, { type: 'NL', member: 'CG1', value: 100_000 }),
      priceChanged(gold, price.removed, {
        type: 'EB',
        member: 'SPTR',
        value: 110_000,
        removed: true,
        revision: 2,
      }),
      priceChanged(disabled, newId(), { member: 'NL' }),
      priceChanged(other, price.other, { member: 'SPTR', value: 90_000 }),
      planChanged(gold, plan.all3, { name: 'ผ่อน 3 เดือน', count: 3, ...april }),
      planChanged(gold, plan.email2, {
        name: 'ผ่อน 2 เดือน (เฉพาะ)',
        type: 'email',
        count: 2,
        emails: ['malee@example.com'],
        ...april,
      }),
      planChanged(gold, plan.may6, { name: 'ผ่อน 6 เดือน', count: 6, start: '2026-05-01', to: '2026-05-31' }),
      planChanged(disabled, newId()),
    ]) {
      await bus.deliver(e);
    }
  });

  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await env?.cleanup();
  });

  const model = () => app.catalogReadModel;

  it('"today" is the Asia/Bangkok day of the app clock', () => {
    expect(model().today()).toBe('2026-04-01');
  });

  describe('prices of product X for membership codes C on Bangkok day D', () => {
    it('an SPTR member on 5 April: SEB 1,200.00 then EB 1,350.00 (the removed EB is gone)', async () => {
      const items = await model().pricesFor(gold, ['SPTR'], '2026-04-05');
      expect(items.map((p) => [p.priceId, p.type, p.value])).toEqual([
        [price.seb, 'SEB', 120_000],
        [price.eb, 'EB', 135_000],
      ]);
    });

    it('on 11 April the SEB window has closed; on 21 April the EB one too', async () => {
      expect((await model().pricesFor(gold, ['SPTR'], '2026-04-11')).map((p) => p.priceId)).toEqual([
        price.eb,
      ]);
      expect(await model().pricesFor(gold, ['SPTR'], '2026-04-21')).toEqual([]);
    });

    it('each member sees the prices of the codes they hold; no codes → none', async () => {
      expect((await model().pricesFor(gold, ['NL'], '2026-04-05')).map((p) => p.priceId)).toEqual([price.nl]);
      expect((await model().pricesFor(gold, ['CG1', 'NL'], '2026-04-05')).map((p) => p.value)).toEqual([
        100_000, 150_000,
      ]);
      expect(await model().pricesFor(gold, [], '2026-04-05')).toEqual([]);
      // CG1's price has no window: on sale any day
      expect((await model().pricesFor(gold, ['CG1'], '2030-01-01')).map((p) => p.priceId)).toEqual([
        price.cg1,
      ]);
    });

    it('priceFor answers the product and the price, with the fee flag', async () => {
      expect(await model().priceFor(gold, price.eb, ['SPTR'], '2026-04-15')).toEqual({
        product: {
          productId: gold,
          url: expect.any(String),
          title: 'คอร์สเทรดทองคำ',
          price: 150_000,
          book: 'Y',
          coinPay: 'Y',
          coursesId: null,
        },
        price: {
          priceId: price.eb,
          productId: gold,
          type: 'EB',
          member: 'SPTR',
          value: 135_000,
          title: 'ราคาปกติ',
          start: '2026-04-01',
          to: '2026-04-20',
          fee: 'Y',
        },
      });
    });

    type PriceQuestion = [productId: string, priceId: string, codes: string[], day: string];
    it.each<[string, () => PriceQuestion]>([
      ['out of its window (SEB on 11 April)', () => [gold, price.seb, ['SPTR'], '2026-04-11']],
      ["not the member's code (SEB for an NL buyer)", () => [gold, price.seb, ['NL'], '2026-04-05']],
      ['removed', () => [gold, price.removed, ['SPTR'], '2026-04-05']],
      ['of another product', () => [gold, price.other, ['SPTR'], '2026-04-05']],
      ['unknown', () => [gold, newId(), ['SPTR'], '2026-04-05']],
      ['of a disabled product', () => [disabled, price.nl, ['NL'], '2026-04-05']],
      ['of a product catalog never told us of', () => [newId(), price.nl, ['NL'], '2026-04-05']],
    ])('no price when it is %s', async (_case, args) => {
      const [productId, priceId, codes, day] = args();
      expect(await model().priceFor(productId, priceId, codes, day)).toBeUndefined();
    });

    it('a disabled product has no prices and is not sellable', async () => {
      expect(await model().sellableProduct(disabled)).toBeUndefined();
      expect(await model().pricesFor(disabled, ['NL'], '2026-04-05')).toEqual([]);
    });
  });

  describe('instalment plans open on a Bangkok day for e-mail E', () => {
    it('malee@example.com in April: her 2-instalment plan and the 3 for anyone, fewest first', async () => {
      const plans = await model().plansOpenTo(gold, 'malee@example.com', '2026-04-15');
      expect(plans.map((p) => [p.planId, p.count])).toEqual([
        [plan.email2, 2],
        [plan.all3, 3],
      ]);
    });

    it('the e-mail is matched without regard to case or blanks', async () => {
      expect(
        (await model().plansOpenTo(gold, ' Malee@Example.COM ', '2026-04-15')).map((p) => p.planId),
      ).toContain(plan.email2);
    });

    it('someone else, or nobody signed in, gets only the plan for anyone', async () => {
      expect(
        (await model().plansOpenTo(gold, 'somchai@example.com', '2026-04-15')).map((p) => p.planId),
      ).toEqual([plan.all3]);
      expect((await model().plansOpenTo(gold, null, '2026-04-15')).map((p) => p.planId)).toEqual([plan.all3]);
    });

    it('in May only the May plan is open; on 31 March none', async () => {
      expect(
        (await model().plansOpenTo(gold, 'malee@example.com', '2026-05-02')).map((p) => p.planId),
      ).toEqual([plan.may6]);
      expect(await model().plansOpenTo(gold, 'malee@example.com', '2026-03-31')).toEqual([]);
    });

    it('planFor: one plan when open to that e-mail that day', async () => {
      expect(await model().planFor(gold, plan.email2, 'malee@example.com', '2026-04-15')).toMatchObject({
        planId: plan.email2,
        count: 2,
        type: 'email',
      });
      expect(await model().planFor(gold, plan.email2, 'somchai@example.com', '2026-04-15')).toBeUndefined();
      expect(await model().planFor(gold, plan.may6, null, '2026-04-15')).toBeUndefined();
    });

    it('a disabled product offers no plans', async () => {
      expect(await model().plansOpenTo(disabled, null, '2026-04-15')).toEqual([]);
    });
  });
});
