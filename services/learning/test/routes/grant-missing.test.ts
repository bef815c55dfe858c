import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, publishedEvents, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import { buildEvent, validateEvent, type EventData } from '@rian/proto-contracts/envelope';
import { ProductCoursesChanged } from '@rian/proto-contracts/catalog-commerce';
import { EnrolmentGranted, type GrantMissingResult } from '@rian/proto-contracts/learning';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { bearer, orderPaid, startLearning } from '../helpers.js';

/**
 * Courses linked to a product after members bought it (issue 11 item 13): learning keeps each paid
 * order (orders.order.paid) and the product's course list (catalog.product-courses.changed), and
 * staff grant what past buyers miss.
 */
describe('POST /admin/products/:productId/grant-missing', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let orders: TestBus;
  let catalog: TestBus;
  let staff: string;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startLearning(env, issuer);
    orders = await TestBus.open(env, 'orders');
    catalog = await TestBus.open(env, 'catalog');
    staff = await issuer.staff('staff');
  });

  afterAll(async () => {
    await app?.close();
    await orders?.close();
    await catalog?.close();
    await env?.cleanup();
  });

  const courseList = (productId: string, courseIds: string[], revision: number) =>
    buildEvent(
      ProductCoursesChanged,
      { productId, courseIds, revision, changedAt: new Date().toISOString() },
      { source: 'catalog' },
    );
  const grant = (productId: string, token?: string) =>
    app.inject({
      method: 'POST',
      url: `/admin/products/${productId}/grant-missing`,
      headers: token ? bearer(token) : {},
    });
  const enrolled = async (productId: string) =>
    (await app.kit.orm.em
      .fork()
      .execute(
        `select user_id, course_id, order_id from user_courses where product_id = ? order by user_id, course_id`,
        [productId],
      )) as { user_id: string; course_id: string; order_id: string }[];
  const grantedEventsOutboxed = async (productId: string) =>
    (
      (await app.kit.orm.em
        .fork()
        .execute(
          `select count(*)::int as n from kit_outbox where type = ? and envelope->'data'->>'productId' = ?`,
          [EnrolmentGranted.type, productId],
        )) as { n: number }[]
    )[0]!.n;

  it('grants each past buyer the courses of the current list they miss, once', async () => {
    const productId = uuidv7();
    const [a, b] = [`a-${uuidv7()}`, `b-${uuidv7()}`];
    // a bought it before any course was linked; b when it granted c1; a also bought it again later
    const aFirst = orderPaid(a, [], { productId, paidAt: '2026-03-01T03:00:00.000Z' });
    await orders.deliver(aFirst, 'learning');
    const bOrder = orderPaid(b, ['c1'], { productId, paidAt: '2026-03-02T03:00:00.000Z' });
    await orders.deliver(bOrder, 'learning');
    await orders.deliver(orderPaid(a, [], { productId, paidAt: '2026-03-03T03:00:00.000Z' }), 'learning');
    // another product's buyer is not touched
    await orders.deliver(orderPaid(`c-${uuidv7()}`, [], { productId: uuidv7() }), 'learning');
    await catalog.deliver(courseList(productId, ['c1', 'c2'], 2), 'learning');
    // an older list arriving late changes nothing
    await catalog.deliver(courseList(productId, ['c9'], 1), 'learning');
    expect(await grantedEventsOutboxed(productId)).toBe(1); // b's c1, from the order itself

    const res = await grant(productId, staff);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<GrantMissingResult>();
    expect(result.courseIds).toEqual(['c1', 'c2']);
    expect(result.buyers).toBe(2);
    expect(result.granted.map((g) => `${g.userId}:${g.courseId}:${g.orderId}`).sort()).toEqual(
      [
        `${a}:c1:${aFirst.data.orderId}`,
        `${a}:c2:${aFirst.data.orderId}`,
        `${b}:c2:${bOrder.data.orderId}`,
      ].sort(),
    );
    expect((await enrolled(productId)).map((r) => `${r.user_id}:${r.course_id}`)).toEqual(
      [`${a}:c1`, `${a}:c2`, `${b}:c1`, `${b}:c2`].sort(),
    );

    // one schema-valid learning.enrolment.granted per new enrolment
    const events = await eventually(async () => {
      const all = await publishedEvents<EventData<typeof EnrolmentGranted>>(
        env.namespace,
        'learning',
        EnrolmentGranted.type,
      );
      const mine = all.filter((e) => e.data.productId === productId);
      return mine.length >= 4 ? mine : undefined;
    });
    for (const e of events) validateEvent(EnrolmentGranted, e);
    const byGrant = new Set(result.granted.map((g) => g.enrolmentId));
    expect(events.filter((e) => byGrant.has(e.data.enrolmentId))).toHaveLength(3);

    // a second call finds nothing missing: no enrolment, no event written
    const again = await grant(productId, staff);
    expect(again.statusCode).toBe(200);
    expect(again.json<GrantMissingResult>().granted).toEqual([]);
    expect(await enrolled(productId)).toHaveLength(4);
    expect(await grantedEventsOutboxed(productId)).toBe(4);
  });

  it('a product learning has no course list for grants nothing', async () => {
    const productId = uuidv7();
    await orders.deliver(orderPaid(`d-${uuidv7()}`, [], { productId }), 'learning');
    const res = await grant(productId, staff);
    expect(res.statusCode).toBe(200);
    expect(res.json<GrantMissingResult>()).toEqual({ productId, courseIds: [], buyers: 1, granted: [] });
  });

  it('is for staff only: a member → 403, anonymous → 401, and neither grants', async () => {
    const productId = uuidv7();
    const buyer = `e-${uuidv7()}`;
    await orders.deliver(orderPaid(buyer, [], { productId }), 'learning');
    await catalog.deliver(courseList(productId, ['c1'], 1), 'learning');
    const member = await grant(productId, await issuer.member(buyer));
    expect(member.statusCode).toBe(403);
    expect(member.headers['content-type']).toContain('application/problem+json');
    expect((await grant(productId)).statusCode).toBe(401);
    expect(await enrolled(productId)).toEqual([]);
  });
});
