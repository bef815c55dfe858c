import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, publishedEvents, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import type { EventData } from '@rian/proto-contracts/envelope';
import { PaymentTypeChanged, type PaymentTypeView } from '@rian/proto-contracts/payments';
import { bearer, startPayments } from '../helpers.js';

/** Payment types: seeded by the migration, listed publicly, switched off and on by staff (with an event). */
describe('payment types', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startPayments(env, issuer);
  });

  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
  });

  const list = async () =>
    (await app.inject({ method: 'GET', url: '/payment-types' })).json<PaymentTypeView[]>();
  const changes = () =>
    publishedEvents<EventData<typeof PaymentTypeChanged>>(env.namespace, 'payments', PaymentTypeChanged.type);
  const put = async (id: number, body: unknown, token?: string) =>
    app.inject({
      method: 'PUT',
      url: `/admin/payment-types/${id}`,
      payload: body as object,
      headers: token ? bearer(token) : {},
    });

  it('anyone lists the four types: 1 card, 4 bank transfer, 6 coin, 8 instalments, all enabled', async () => {
    const types = await list();
    expect(types.map((t) => [t.id, t.icon, t.disable])).toEqual([
      [1, 'card', 'N'],
      [4, 'bank', 'N'],
      [6, 'coin', 'N'],
      [8, 'installment', 'N'],
    ]);
    expect(types[0]!.title).toEqual({ th: 'บัตรเครดิต / เดบิต', en: 'Credit / debit card' });
    expect(types[0]!.detail.th).toContain('3%');
  });

  it('only staff set the disable flag; a change is listed and announced once, with a growing revision', async () => {
    expect((await put(1, { disable: 'Y' })).statusCode).toBe(401);
    expect((await put(1, { disable: 'Y' }, await issuer.member())).statusCode).toBe(403);
    const staff = await issuer.staff();
    expect((await put(1, { disable: 'maybe' }, staff)).statusCode).toBe(400);
    expect((await put(5, { disable: 'Y' }, staff)).json()).toMatchObject({
      code: 'payments.payment_type_not_found',
    });

    const off = await put(1, { disable: 'Y' }, staff);
    expect(off.statusCode).toBe(200);
    expect(off.json<PaymentTypeView>()).toMatchObject({ id: 1, disable: 'Y' });
    expect((await list()).find((t) => t.id === 1)!.disable).toBe('Y');
    expect((await put(1, { disable: 'Y' }, staff)).statusCode).toBe(200); // no change: no event
    expect((await put(1, { disable: 'N' }, staff)).json<PaymentTypeView>().disable).toBe('N');

    const events = await eventually(async () => {
      const all = await changes();
      return all.length >= 2 ? all : undefined;
    });
    await new Promise((r) => setTimeout(r, 500));
    expect((await changes()).map((e) => [e.data.paymentTypeId, e.data.disable, e.data.revision])).toEqual([
      [1, 'Y', 2],
      [1, 'N', 3],
    ]);
    expect(events[0]!.data.changedAt).toMatch(/Z$/);
  });
});
