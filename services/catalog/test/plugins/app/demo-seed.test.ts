import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { validateEvent } from '@rian/proto-contracts/envelope';
import { ProductChanged, type ProductStaff } from '@rian/proto-contracts/catalog';
import { DEMO_COURSE_IDS } from '@rian/proto-contracts/demo';
import { DEMO_PRODUCTS } from '../../../src/domain/demo-products.js';
import { ProductCatalog } from '../../../src/plugins/app/products.js';
import { bearer, CatalogStream, startCatalog } from '../../helpers.js';

const SEED = { CATALOG_SEED_DEMO: 'true' };

describe('demo products (CATALOG_SEED_DEMO)', () => {
  let issuer: TestTokenIssuer;
  let staff: Record<string, string>;
  const envs: TestEnv[] = [];
  const apps: ServiceApp[] = [];
  const streams: CatalogStream[] = [];

  const newEnv = async () => {
    const env = await createTestEnv();
    envs.push(env);
    return env;
  };
  const start = async (env: TestEnv, extra: Record<string, string> = SEED) => {
    const app = await startCatalog(env, issuer, extra);
    apps.push(app);
    return app;
  };
  const staffList = async (app: ServiceApp) =>
    (await app.inject({ method: 'GET', url: '/admin/products', headers: staff })).json<{
      items: ProductStaff[];
      total: number;
    }>();

  beforeAll(async () => {
    issuer = await TestTokenIssuer.create();
    staff = bearer(await issuer.staff());
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });
  afterAll(async () => {
    for (const s of streams) await s.close();
    for (const env of envs) await env.cleanup();
  });

  it('seeds a fresh catalog with 4 products, one of them hidden from the shop, and publishes their events', async () => {
    const env = await newEnv();
    const app = await start(env);
    const all = await staffList(app);
    expect(all.total).toBe(4);
    expect(all.items.map((p) => p.url).sort()).toEqual(DEMO_PRODUCTS.map((p) => p.url).sort());
    expect(all.items.find((p) => p.url === 'forex-basics')).toMatchObject({
      title: 'คอร์สเทรด Forex พื้นฐาน (Forex Basics)',
      price: 150_000,
      disable: 'N',
      createdBy: null,
    });
    expect(all.items.filter((p) => p.disable === 'Y')).toHaveLength(1);

    const shop = (await app.inject({ method: 'GET', url: '/products' })).json<{
      total: number;
      items: { url: string }[];
    }>();
    expect(shop.total).toBe(3);
    expect(shop.items.map((p) => p.url)).toEqual([
      'forex-basics',
      'price-action-mastery',
      'set-stock-investing',
    ]);

    const stream = await CatalogStream.open(env);
    streams.push(stream);
    await stream.waitFor(() => stream.events.filter((e) => e.type === 'catalog.product.changed').length >= 4);
    const events = (await stream.read()).filter((e) => e.type === 'catalog.product.changed');
    expect(events).toHaveLength(4);
    for (const e of events) expect(() => validateEvent(ProductChanged, e)).not.toThrow();
    expect(events.map((e) => e.data.productId).sort()).toEqual(all.items.map((p) => p.id).sort());
  });

  it('lets a newcomer buy: each shop product has an NL price, a course of learning, one a member price and an instalment plan, and there is a bank account with its image', async () => {
    const env = await newEnv();
    const app = await start(env);
    const idOf = new Map((await staffList(app)).items.map((p) => [p.url, p.id]));
    const member = bearer(await issuer.member(undefined, { membershipCodes: ['COL'] }));
    const newcomer = bearer(await issuer.member());

    const prices = async (url: string, headers: Record<string, string>) =>
      (await app.inject({ method: 'GET', url: `/products/${idOf.get(url)}/prices`, headers })).json<{
        items: { member: string; value: number }[];
        preselectedPriceId: string | null;
      }>();
    for (const url of ['forex-basics', 'price-action-mastery', 'set-stock-investing']) {
      const seen = await prices(url, newcomer);
      expect(seen.items.map((p) => [p.member, p.value])).toEqual([
        ['NL', DEMO_PRODUCTS.find((p) => p.url === url)!.price],
      ]);
      expect(seen.preselectedPriceId).not.toBeNull();
    }
    // an old course member (COL) also sees the alumni price
    expect((await prices('forex-basics', member)).items.map((p) => [p.member, p.value])).toEqual(
      expect.arrayContaining([
        ['COL', 120_000],
        ['NL', 150_000],
      ]),
    );

    const courses = async (url: string) =>
      (
        await app.inject({
          method: 'GET',
          url: `/admin/products/${idOf.get(url)}/courses`,
          headers: staff,
        })
      ).json<{ courseIds: string[] }>().courseIds;
    expect(await courses('forex-basics')).toEqual([DEMO_COURSE_IDS.forexBasics]);
    expect(await courses('price-action-mastery')).toEqual([DEMO_COURSE_IDS.priceAction]);
    expect(await courses('set-stock-investing')).toEqual([DEMO_COURSE_IDS.setStocks]);

    const plans = (
      await app.inject({
        method: 'GET',
        url: `/products/${idOf.get('price-action-mastery')}/installment-plans/today`,
        headers: newcomer,
      })
    ).json<{ items: { name: string; count: number }[] }>();
    expect(plans.items).toMatchObject([{ name: 'ผ่อน 3 งวด', count: 3 }]);

    const banks = (
      await app.inject({ method: 'GET', url: `/products/${idOf.get('forex-basics')}/bank-accounts` })
    ).json<{ items: { bankName: string; account: string; accountName: string; image: string }[] }>();
    expect(banks.items).toMatchObject([
      {
        account: '123-4-56789-0',
        image: '/demo/bank-book.svg',
        accountName: expect.stringContaining('Rian'),
      },
    ]);

    // orders learns all of it from the events, in the same transaction as the products
    const stream = await CatalogStream.open(env);
    streams.push(stream);
    const types = () => stream.events.map((e) => e.type);
    await stream.waitFor(
      () =>
        types().filter((t) => t === 'catalog.price.changed').length >= 4 &&
        types().includes('catalog.installment-plan.changed') &&
        types().filter((t) => t === 'catalog.product-courses.changed').length >= 3,
    );
  });

  it('seeds once: a restart on the same database adds nothing, even after staff changed the demo data', async () => {
    const env = await newEnv();
    const first = await start(env);
    const seeded = await staffList(first);
    expect(seeded.total).toBe(4);
    // staff delete one demo product: a restart must not bring it back
    await first.inject({ method: 'DELETE', url: `/admin/products/${seeded.items[0]!.id}`, headers: staff });
    await first.close();
    apps.length = 0;

    const second = await start(env);
    expect((await staffList(second)).total).toBe(3);
    const rows = (await second.kit.orm.em
      .fork()
      .execute(`select count(*)::int as n from kit_outbox where type = 'catalog.product.changed'`)) as {
      n: number;
    }[];
    expect(rows[0]?.n).toBe(4);
  });

  it('seeds once when two replicas start together on an empty database', async () => {
    const env = await newEnv();
    // the database and its tables first: this test is about the seeding, not about concurrent migrations
    await (await start(env, {})).close();
    apps.length = 0;
    const [a, b] = await Promise.all([start(env), start(env)]);
    expect((await staffList(a!)).total).toBe(4);
    expect((await staffList(b!)).total).toBe(4);
  });

  it('seeds once when many seedings race on one database', async () => {
    const env = await newEnv();
    const app = await start(env, {});
    const catalog = new ProductCatalog(app.kit, app.knownCourses);
    const added = await Promise.all(Array.from({ length: 6 }, () => catalog.seedWhenEmpty(DEMO_PRODUCTS)));
    expect(added.sort()).toEqual([0, 0, 0, 0, 0, 4]);
    expect((await staffList(app)).total).toBe(4);
  });

  it('adds nothing when the setting is off (the default)', async () => {
    const env = await newEnv();
    const app = await start(env, {});
    expect((await staffList(app)).total).toBe(0);
  });
});
