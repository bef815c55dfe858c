/**
 * The first step of the checkout saga (ARCHITECTURE §3) through the gateway, every part real: auth,
 * catalog and orders listening on ports (catalog and orders trusting auth's JWKS), PostgreSQL, NATS
 * JetStream, Redis. Staff set up a product, a CG1 price and a one-use coupon; a member made Premium
 * with CG1 checks out with it (idempotently); the coupon is used up for another member until the order
 * is cancelled by its SPSK code; and with catalog closed, orders still sells from its read model.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestEnv, eventually, freePort, type TestEnv } from '@rian/kit/testing';
import { buildApp as buildAuth } from '@rian/auth/app';
import { readConfig as authConfig } from '@rian/auth/config';
import { buildApp as buildCatalog } from '@rian/catalog/app';
import { readConfig as catalogConfig } from '@rian/catalog/config';
import { buildApp as buildOrders } from '@rian/orders/app';
import { readConfig as ordersConfig } from '@rian/orders/config';
import { buildGateway } from '../../src/app.js';
import { request, type Body, type CallOptions } from './client.js';
import { registerByCode } from './members.js';
import { productOnSale } from './shop.js';
import { readConfig as gatewayConfig } from '../../src/config.js';

let env: TestEnv;
let gateway: FastifyInstance;
let catalog: FastifyInstance | undefined;
const apps: FastifyInstance[] = [];
let base: string;

async function listen(app: FastifyInstance): Promise<string> {
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  apps.push(app);
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  env = await createTestEnv();
  const authUrl = await listen(
    await buildAuth(
      authConfig(env.envFor('auth', { ADMIN_USERNAME: 'shop-admin', ADMIN_PASSWORD: 'shop-admin-password' })),
    ),
  );
  const jwks = `${authUrl}/.well-known/jwks.json`;
  catalog = await buildCatalog(catalogConfig(env.envFor('catalog', { AUTH_JWKS_URL: jwks })));
  const catalogUrl = await listen(catalog);
  const ordersUrl = await listen(
    await buildOrders(ordersConfig(env.envFor('orders', { AUTH_JWKS_URL: jwks }))),
  );
  gateway = await buildGateway(
    gatewayConfig({
      LOG_LEVEL: 'silent',
      RIAN_NAMESPACE: env.namespace,
      GATEWAY_SERVICES: 'auth,catalog,orders',
      AUTH_URL: authUrl,
      CATALOG_URL: catalogUrl,
      ORDERS_URL: ordersUrl,
      UPSTREAM_TIMEOUT_MS: '2000',
      RATE_LIMIT_LOGIN_MAX: '1000',
      RATE_LIMIT_CODE_MAX: '1000',
    }),
  );
  base = await listen(gateway);
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  for (const app of apps) await app.close().catch(() => undefined);
  await env?.cleanup();
});

const call = <B = Body>(method: string, path: string, body?: unknown, opts: CallOptions = {}) =>
  request<B>(base, method, path, body, opts);

/** Registers by code, makes the member Premium with CG1 as staff, and signs in with the new claims. */
async function premiumMember(email: string, password: string, staff: string): Promise<string> {
  const user = await registerByCode(base, env.namespace, email, password);
  const login = await call('POST', '/api/auth/login', { email, password });
  expect(login.body.user).toMatchObject({ status: 'New' });
  const patched = await call(
    'PATCH',
    `/api/auth/admin/users/${user.id}`,
    { status: 'Premium', membershipCodes: ['CG1'] },
    { token: staff },
  );
  expect(patched.status).toBe(200);
  // the token from before the change carries status New; the refresh brings Premium and CG1
  const refreshed = await call('POST', '/api/auth/refresh', undefined, { cookie: login.cookie });
  expect(refreshed.body.user).toMatchObject({ status: 'Premium', membershipCodes: ['CG1'] });
  return refreshed.body.token as string;
}

describe('checkout through the gateway', () => {
  let staff: string;
  let buyer: string;
  let other: string;
  let productId: string;
  let priceId: string;
  let orderId: string;
  let reference: string;
  const COUPON = `SAVE100-${Date.now().toString(36)}`;
  const order = (extra: Record<string, unknown> = {}) => ({
    productId,
    priceId,
    paymentType: 4,
    ...extra,
  });

  it('staff set up a product with a CG1 price valid today, and a one-use coupon', async () => {
    const login = await call('POST', '/api/auth/staff/login', {
      username: 'shop-admin',
      password: 'shop-admin-password',
    });
    expect(login.status).toBe(200);
    staff = login.body.token!;

    ({ productId, priceId } = await productOnSale(
      base,
      staff,
      { url: `forex-${Date.now().toString(36)}`, title: 'คอร์สเทรด Forex', price: 200_000 },
      { type: 'EB', member: 'CG1', value: 150_000, title: 'Early Bird CG1', from: -1, to: 1 },
    ));

    const coupon = await call(
      'POST',
      '/api/orders/admin/coupons',
      {
        code: COUPON,
        name: 'ลด 100 บาท',
        productScope: 'Only',
        productId,
        type: 'Price',
        price: 10_000,
        limit: 1,
        memberOnly: 'Y',
        emailOnly: 'N',
      },
      { token: staff },
    );
    expect(coupon.status, JSON.stringify(coupon.body)).toBe(201);
    expect(coupon.body).toMatchObject({ code: COUPON, limit: 1, usedCount: 0 });
  });

  it('members register, are made Premium with CG1 and sign in with those claims', async () => {
    buyer = await premiumMember('buyer@example.com', 'buyer-password-1', staff);
    other = await premiumMember('other@example.com', 'other-password-1', staff);
  });

  it('once orders has learned the product from catalog events, the coupon checks out at 100 baht off', async () => {
    // the read model fills from catalog's events: until then, "unknown product" or "no price"
    const check = await eventually(async () => {
      const res = await call(
        'POST',
        '/api/orders/coupons/check',
        { code: COUPON, productId },
        { token: buyer },
      );
      if (res.status === 200) return res;
      expect(['orders.product_not_found', 'orders.price_not_available']).toContain(res.body.code);
      return undefined;
    }, 10_000);
    expect(check.body).toMatchObject({
      code: COUPON,
      priceId,
      price: 150_000,
      discount: 10_000,
      countOrder: 0,
      limit: 1,
    });
  });

  it('checkout with the coupon places one order; the same Idempotency-Key answers that order again', async () => {
    const noKey = await call('POST', '/api/orders/checkout', order({ couponCode: COUPON }), { token: buyer });
    expect(noKey.status).toBe(400);
    expect(noKey.body.code).toBe('orders.idempotency_key_required');

    const first = await call('POST', '/api/orders/checkout', order({ couponCode: COUPON }), {
      token: buyer,
      key: 'buyer-checkout-1',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.order).toMatchObject({
      status: 'wait',
      paymentType: 4,
      total: 150_000,
      discount: 10_000,
      // VAT is inside the price: 140,000 − round(140,000 × 100 / 107) = 140,000 − 130,841
      vat: 9_159,
      fee: 0,
      withholding: 0,
      net: 140_000,
      details: [{ productId, priceId, price: 150_000, discount: 10_000, net: 140_000 }],
    });
    expect(first.body.order!.reference).toMatch(/^SPSK\d{10}$/);
    orderId = first.body.order!.id;
    reference = first.body.order!.reference;

    const again = await call('POST', '/api/orders/checkout', order({ couponCode: COUPON }), {
      token: buyer,
      key: 'buyer-checkout-1',
    });
    expect(again.status).toBe(200);
    expect(again.body.order!.id).toBe(orderId);
    const otherBody = await call('POST', '/api/orders/checkout', order(), {
      token: buyer,
      key: 'buyer-checkout-1',
    });
    expect(otherBody.status).toBe(409);
    expect(otherBody.body.code).toBe('orders.idempotency_conflict');
  });

  it('the one-use coupon is used up for another member', async () => {
    const check = await call(
      'POST',
      '/api/orders/coupons/check',
      { code: COUPON, productId },
      { token: other },
    );
    expect(check.status).toBe(409);
    expect(check.body.detail).toBe('รหัสคูปองนี้ ถูกใช้ครบเเล้ว');
    const res = await call('POST', '/api/orders/checkout', order({ couponCode: COUPON }), {
      token: other,
      key: 'other-checkout-1',
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'coupon.used_up', detail: 'รหัสคูปองนี้ ถูกใช้ครบเเล้ว' });
  });

  it('the buyer sees the order; another member gets 404; staff find it in the back office', async () => {
    const mine = await call('GET', '/api/orders/orders/mine', undefined, { token: buyer });
    expect(mine.status).toBe(200);
    expect(mine.body.items!.map((o: { id: string }) => o.id)).toEqual([orderId]);
    expect((await call('GET', `/api/orders/orders/${orderId}`, undefined, { token: buyer })).status).toBe(
      200,
    );

    const stranger = await call('GET', `/api/orders/orders/${orderId}`, undefined, { token: other });
    expect(stranger.status).toBe(404);
    expect(stranger.body.code).toBe('orders.order_not_found');
    expect((await call('GET', '/api/orders/orders/mine', undefined, { token: other })).body.items).toEqual(
      [],
    );

    expect((await call('GET', '/api/orders/admin/orders', undefined, { token: buyer })).status).toBe(403);
    const listed = await call('GET', `/api/orders/admin/orders?q=${reference}`, undefined, { token: staff });
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([expect.objectContaining({ id: orderId, reference, status: 'wait' })]);
  });

  it('the invoice PDF comes through the gateway byte for byte; another member gets 404', async () => {
    const url = `${base}/api/orders/orders/${orderId}/document.pdf`;
    const res = await fetch(url, { headers: { authorization: `Bearer ${buyer}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length') ?? bytes.length)).toBe(bytes.length);
    // pdfkit's header has a binary comment (four 0xFF bytes): a text decode on the way would
    // turn them into U+FFFD (EF BF BD)
    expect(bytes.subarray(0, 15).toString('latin1')).toMatch(/^%PDF-\d\.\d\n%\xFF\xFF\xFF\xFF\n/);
    expect(bytes.includes(Buffer.from([0xef, 0xbf, 0xbd]))).toBe(false);
    expect(bytes.subarray(-6).toString('latin1')).toBe('%%EOF\n');
    const stranger = await fetch(url, { headers: { authorization: `Bearer ${other}` } });
    expect(stranger.status).toBe(404);
  });

  it('cancel by the SPSK code → status not, and the coupon works again for the other member', async () => {
    const unknown = await call(
      'POST',
      '/api/orders/orders/cancel-by-code',
      { code: 'SPSK9999999999' },
      { token: buyer },
    );
    expect(unknown.status).toBe(404);
    // references are sequential: without a token, or as another member, nothing is cancelled
    expect((await call('POST', '/api/orders/orders/cancel-by-code', { code: reference })).status).toBe(401);
    expect(
      (await call('POST', '/api/orders/orders/cancel-by-code', { code: reference }, { token: other })).status,
    ).toBe(404);

    const cancelled = await call(
      'POST',
      '/api/orders/orders/cancel-by-code',
      { code: reference },
      { token: buyer },
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ reference, status: 'not', total: 150_000, net: 140_000 });
    expect(
      (await call('POST', '/api/orders/orders/cancel-by-code', { code: reference }, { token: buyer })).status,
    ).toBe(409);
    const seen = await call('GET', `/api/orders/orders/${orderId}`, undefined, { token: buyer });
    expect(seen.body.status).toBe('not');

    const res = await call('POST', '/api/orders/checkout', order({ couponCode: COUPON }), {
      token: other,
      key: 'other-checkout-2',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.order).toMatchObject({ status: 'wait', discount: 10_000, net: 140_000 });
    expect(res.body.order!.id).not.toBe(orderId);
  });

  it('with catalog closed, checkout still sells the product from orders’ read model', async () => {
    await catalog!.close();
    const down = await call('GET', `/api/catalog/admin/products/${productId}`, undefined, { token: staff });
    expect(down.status).toBe(503);

    const res = await call('POST', '/api/orders/checkout', order(), {
      token: other,
      key: 'other-checkout-3',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.order).toMatchObject({ status: 'wait', total: 150_000, discount: 0, net: 150_000 });
    const mine = await call('GET', '/api/orders/orders/mine', undefined, { token: other });
    expect(mine.body.items).toHaveLength(2);
  });
});
