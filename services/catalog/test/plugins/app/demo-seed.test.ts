import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { validateEvent } from '@rian/proto-contracts/envelope';
import { ProductChanged, type ProductStaff } from '@rian/proto-contracts/catalog';
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
    await stream.waitFor(() => stream.events.length >= 4);
    const events = await stream.read();
    expect(events).toHaveLength(4);
    for (const e of events) expect(() => validateEvent(ProductChanged, e)).not.toThrow();
    expect(events.map((e) => e.data.productId).sort()).toEqual(all.items.map((p) => p.id).sort());
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
