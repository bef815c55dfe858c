import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import type { CouponView } from '@rian/proto-contracts/coupons';
import { DEMO_COUPON_CODE } from '@rian/proto-contracts/demo';
import { CatalogBus, newId, priceChanged, productChanged, startOrders } from '../../helpers.js';

const SEED = { ORDERS_SEED_DEMO: 'true' };

describe('demo coupon (ORDERS_SEED_DEMO)', () => {
  let issuer: TestTokenIssuer;
  let staff: string;
  const envs: TestEnv[] = [];
  const apps: ServiceApp[] = [];
  const buses: CatalogBus[] = [];

  const newEnv = async () => {
    const env = await createTestEnv();
    envs.push(env);
    return env;
  };
  const start = async (env: TestEnv, extra: Record<string, string> = SEED) => {
    const app = await startOrders(env, undefined, { tokenKeys: issuer.keys, env: extra });
    apps.push(app);
    return app;
  };
  const coupons = async (app: ServiceApp) =>
    (
      await app.inject({
        method: 'GET',
        url: '/admin/coupons',
        headers: { authorization: `Bearer ${staff}` },
      })
    ).json<{ items: CouponView[]; total: number }>();

  beforeAll(async () => {
    issuer = await TestTokenIssuer.create();
    staff = await issuer.staff('staff');
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    for (const env of envs) await env.cleanup();
  });

  it(`seeds ${DEMO_COUPON_CODE}: 10% off any product, which a member's coupon check accepts (1,500.00 → 150.00 off)`, async () => {
    const env = await newEnv();
    const app = await start(env);
    const list = await coupons(app);
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      code: DEMO_COUPON_CODE,
      type: 'Percent',
      percent: 10,
      productScope: 'All',
    });

    const bus = await CatalogBus.open(env);
    buses.push(bus);
    const product = newId();
    await bus.deliver(productChanged(product));
    await bus.deliver(priceChanged(product, newId(), { member: 'NL', value: 150_000 }));
    const sub = newId();
    const member = await issuer.member(sub, { membershipCodes: ['NL'], email: `${sub}@example.com` });
    const check = await app.inject({
      method: 'POST',
      url: '/coupons/check',
      headers: { authorization: `Bearer ${member}` },
      payload: { code: DEMO_COUPON_CODE, productId: product },
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ price: 150_000, discount: 15_000 });
  });

  it('seeds once: two replicas seed one coupon; a restart after staff changed it adds nothing; off by default', async () => {
    const env = await newEnv();
    await (await start(env, {})).close();
    apps.length = 0;
    const [a, b] = await Promise.all([start(env), start(env)]);
    expect((await coupons(a!)).total).toBe(1);
    expect((await coupons(b!)).total).toBe(1);
    // staff make the demo coupon their own: a restart neither duplicates it nor brings the old code back
    const demo = (await coupons(a!)).items[0]!;
    const put = await a!.inject({
      method: 'PUT',
      url: `/admin/coupons/${demo.id}`,
      headers: { authorization: `Bearer ${staff}` },
      payload: { code: 'OPENING20', productScope: 'All', type: 'Percent', percent: 20 },
    });
    expect(put.statusCode, put.body).toBe(200);
    for (const app of apps.splice(0)) await app.close();
    expect((await coupons(await start(env))).items.map((c) => c.code)).toEqual(['OPENING20']);

    expect((await coupons(await start(await newEnv(), {}))).total).toBe(0);
  });
});
