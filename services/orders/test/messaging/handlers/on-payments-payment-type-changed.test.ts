import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import { buildEvent } from '@rian/proto-contracts/envelope';
import { PaymentTypeChanged } from '@rian/proto-contracts/payments';
import {
  CatalogBus,
  newId,
  priceChanged,
  productChanged,
  rows,
  TestClock,
  startOrders,
} from '../../helpers.js';

/**
 * payments.payment-type.changed → orders' copy of the disable flags; checkout refuses a disabled type
 * with a clear problem and places nothing. Late or replayed events never undo a newer change.
 */
describe('payments.payment-type.changed → checkout refuses a disabled payment type', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let catalog: CatalogBus;
  let payments: TestBus;
  let issuer: TestTokenIssuer;
  const clock = new TestClock(new Date('2026-04-15T05:00:00Z'));
  const product = newId();
  const price = newId();
  let key = 0;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startOrders(env, clock, { tokenKeys: issuer.keys });
    catalog = await CatalogBus.open(env);
    payments = await TestBus.open(env, 'payments');
    await catalog.deliver(productChanged(product));
    await catalog.deliver(priceChanged(product, price, { member: 'NL', value: 150_000 }));
  });

  afterAll(async () => {
    await app?.close();
    await catalog?.close();
    await payments?.close();
    await env?.cleanup();
  });

  const changed = (paymentTypeId: 1 | 4 | 6 | 8, disable: 'Y' | 'N', revision: number) =>
    buildEvent(
      PaymentTypeChanged,
      { paymentTypeId, disable, revision, changedAt: '2026-04-15T04:00:00.000Z' },
      { source: 'payments' },
    );

  async function checkout(paymentType: number) {
    const sub = newId();
    const token = await issuer.member(sub, { membershipCodes: ['NL'], email: `${sub}@example.com` });
    const res = await app.inject({
      method: 'POST',
      url: '/checkout',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': `k-${++key}`, 'accept-language': 'th' },
      payload: { productId: product, priceId: price, paymentType },
    });
    const orders = Number(
      (await rows(app, `select count(*)::int as n from orders where user_id = ?`, [sub]))[0]!.n,
    );
    return { res, orders };
  }

  it('a disabled card type: 422 orders.payment_type_disabled in Thai, no order; other types still sell', async () => {
    expect((await checkout(1)).res.statusCode).toBe(201);
    await payments.deliver(changed(1, 'Y', 2), 'orders');

    const refused = await checkout(1);
    expect(refused.res.statusCode).toBe(422);
    expect(refused.res.headers['content-type']).toContain('application/problem+json');
    expect(refused.res.json()).toMatchObject({ code: 'orders.payment_type_disabled' });
    expect(refused.res.body).toContain('ช่องทางการชำระเงินนี้ปิดใช้งานชั่วคราว');
    expect(refused.orders).toBe(0);
    expect((await checkout(4)).res.statusCode).toBe(201);
  });

  it('a late event (older revision) does not re-enable it; a newer one does', async () => {
    await payments.deliver(changed(1, 'N', 1), 'orders');
    expect((await checkout(1)).res.statusCode).toBe(422);
    await payments.deliver(changed(1, 'N', 3), 'orders');
    expect((await checkout(1)).res.statusCode).toBe(201);
  });
});
