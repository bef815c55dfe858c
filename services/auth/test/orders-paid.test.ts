import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, publishedEvents, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import { buildEvent, type EventData } from '@rian/proto-contracts/envelope';
import { OrderPaid } from '@rian/proto-contracts/orders';
import { UserMembershipChanged, UserStatusChanged } from '@rian/proto-contracts/auth-admin';
import type { MembershipCode } from '@rian/proto-contracts/enums';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import {
  ADMIN,
  bearer,
  memberLogin,
  registerMember,
  staffLogin,
  startAuth,
  type Member,
} from './support/backoffice.js';

/**
 * orders.order.paid → the buyer becomes Premium and gains the price's membership code (not NL),
 * through the back office's change path: audit rows by system:orders, auth.user.* events, older
 * tokens refused. Fed as orders' relay publishes it.
 */
describe('orders.order.paid → Premium and the membership code', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let orders: TestBus;
  let adminToken: string;
  let orderNo = 700;

  beforeAll(async () => {
    ({ env, app } = await startAuth());
    orders = await TestBus.open(env, 'orders');
    adminToken = await staffLogin(app, ADMIN.username, ADMIN.password);
  });

  afterAll(async () => {
    await app?.close();
    await orders?.close();
    await env?.cleanup();
  });

  const paid = (userId: string, membershipCode?: MembershipCode) => {
    const no = ++orderNo;
    return buildEvent(
      OrderPaid,
      {
        orderId: uuidv7(),
        orderNo: no,
        reference: `SPSK${String(no).padStart(10, '0')}`,
        userId,
        productId: uuidv7(),
        courseIds: ['course-1'],
        net: 150_000,
        paymentType: 4,
        paidAt: '2026-04-16T02:30:00.000Z',
        period: null,
        ...(membershipCode ? { membershipCode } : {}),
      },
      { source: 'orders' },
    );
  };

  const user = async (id: string) =>
    (await app.inject({ method: 'GET', url: `/admin/users/${id}`, headers: bearer(adminToken) })).json()
      .user as {
      status: string;
      membershipCodes: string[];
    };
  const changes = async (id: string) =>
    (
      await app.inject({ method: 'GET', url: `/admin/users/${id}/changes`, headers: bearer(adminToken) })
    ).json().items as {
      field: string;
      before: unknown;
      after: unknown;
      changedBy: Record<string, unknown>;
    }[];
  const statusEvents = async (id: string) =>
    (
      await publishedEvents<EventData<typeof UserStatusChanged>>(
        env.namespace,
        'auth',
        UserStatusChanged.type,
      )
    ).filter((e) => e.data.userId === id);
  const membershipEvents = async (id: string) =>
    (
      await publishedEvents<EventData<typeof UserMembershipChanged>>(
        env.namespace,
        'auth',
        UserMembershipChanged.type,
      )
    ).filter((e) => e.data.userId === id);
  const settle = () => new Promise((r) => setTimeout(r, 700)); // an extra event would be relayed by now

  let ann: Member;

  it('a New buyer at a CG1 price: Premium + CG1, two audit rows by system:orders, both events, old token refused', async () => {
    ann = await registerMember(app, env, 'ann.paid@example.com');
    const before = await user(ann.id);
    expect(before.status).toBe('New');
    expect((await app.inject({ method: 'GET', url: '/me', headers: bearer(ann.token) })).statusCode).toBe(
      200,
    );

    const ev = paid(ann.id, 'CG1');
    await orders.deliver(ev, 'auth');

    const after = await user(ann.id);
    expect(after.status).toBe('Premium');
    expect(after.membershipCodes).toEqual([...before.membershipCodes, 'CG1']);

    const rows = await changes(ann.id);
    expect(rows.map((r) => r.field).sort()).toEqual(['membershipCodes', 'status']);
    const byOrders = { id: 'system:orders', kind: 'system', name: `order ${ev.data.reference}` };
    expect(rows.find((r) => r.field === 'status')).toMatchObject({
      before: 'New',
      after: 'Premium',
      changedBy: byOrders,
    });
    expect(rows.find((r) => r.field === 'membershipCodes')).toMatchObject({
      before: before.membershipCodes,
      after: after.membershipCodes,
      changedBy: byOrders,
    });

    const status = await eventually(async () =>
      (await statusEvents(ann.id)).length ? statusEvents(ann.id) : undefined,
    );
    expect(status[0]!.data).toMatchObject({ from: 'New', to: 'Premium', changedBy: 'system:orders' });
    expect(status[0]!.causationId).toBe(ev.id);
    const codes = await eventually(async () =>
      (await membershipEvents(ann.id)).length ? membershipEvents(ann.id) : undefined,
    );
    expect(codes[0]!.data).toMatchObject({
      membershipCodes: after.membershipCodes,
      changedBy: 'system:orders',
    });

    // the token from before carries the old status: refused; a new sign-in carries Premium
    const stale = await app.inject({ method: 'GET', url: '/me', headers: bearer(ann.token) });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().code).toBe('auth.token_revoked');
    const fresh = await app.inject({
      method: 'POST',
      url: '/login',
      payload: { email: ann.email, password: ann.password },
    });
    expect(fresh.json().user).toMatchObject({ status: 'Premium', membershipCodes: after.membershipCodes });

    // replayed (past publish dedup), and a second order at the same price: nothing more
    await orders.deliver(ev, 'auth', `${ev.id}-again`);
    await orders.deliver(paid(ann.id, 'CG1'), 'auth');
    await settle();
    expect(await changes(ann.id)).toHaveLength(2);
    expect(await statusEvents(ann.id)).toHaveLength(1);
    expect(await membershipEvents(ann.id)).toHaveLength(1);
    // a token issued after the change still works: no new revocation mark was written
    const token = await memberLogin(app, ann.email, ann.password);
    expect((await app.inject({ method: 'GET', url: '/me', headers: bearer(token) })).statusCode).toBe(200);
  });

  it('already Premium, another order at a new code: only the code is added (one row, one event)', async () => {
    await orders.deliver(paid(ann.id, 'SPTR'), 'auth');
    const after = await user(ann.id);
    expect(after.status).toBe('Premium');
    expect(after.membershipCodes).toContain('SPTR');
    const rows = await changes(ann.id);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ field: 'membershipCodes', changedBy: { id: 'system:orders' } });
    await settle();
    expect(await statusEvents(ann.id)).toHaveLength(1);
    expect(await membershipEvents(ann.id)).toHaveLength(2);
  });

  it('a Wait buyer at an NL price (or an event without a code): Premium only, NL is never added', async () => {
    const ben = await registerMember(app, env, 'ben.paid@example.com');
    const patched = await app.inject({
      method: 'PATCH',
      url: `/admin/users/${ben.id}`,
      headers: bearer(adminToken),
      payload: { status: 'Wait', membershipCodes: [] },
    });
    expect(patched.statusCode).toBe(200);
    const staffRows = (await changes(ben.id)).length;

    await orders.deliver(paid(ben.id, 'NL'), 'auth');
    expect(await user(ben.id)).toMatchObject({ status: 'Premium', membershipCodes: [] });
    const rows = await changes(ben.id);
    expect(rows).toHaveLength(staffRows + 1);
    expect(rows[0]).toMatchObject({ field: 'status', before: 'Wait', after: 'Premium' });

    await orders.deliver(paid(ben.id), 'auth'); // older event shape: no membershipCode
    expect(await changes(ben.id)).toHaveLength(staffRows + 1);
    await settle();
    // the staff edit's membership event only
    expect((await membershipEvents(ben.id)).map((e) => e.data.changedBy)).not.toContain('system:orders');
  });

  it('a paid order for a user auth does not know is skipped; the next one is still applied', async () => {
    await orders.deliver(paid(uuidv7(), 'CG2'), 'auth');
    const cat = await registerMember(app, env, 'cat.paid@example.com');
    await orders.deliver(paid(cat.id, 'CG2'), 'auth');
    expect(await user(cat.id)).toMatchObject({ status: 'Premium' });
    expect((await user(cat.id)).membershipCodes).toContain('CG2');
  });
});
