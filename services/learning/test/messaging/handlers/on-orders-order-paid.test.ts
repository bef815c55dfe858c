import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, publishedEvents, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import type { EventData } from '@rian/proto-contracts/envelope';
import { EnrolmentGranted, type EnrolmentList } from '@rian/proto-contracts/learning';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { bearer, orderPaid, startLearning } from '../../helpers.js';

/** orders.order.paid → enrolments, fed as orders' relay publishes it; granted events read from the bus. */
describe('orders.order.paid → enrolments', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let bus: TestBus;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startLearning(env, issuer);
    bus = await TestBus.open(env, 'orders');
  });

  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await env?.cleanup();
  });

  const enrolments = async (userId: string) =>
    (await app.kit.orm.em
      .fork()
      .execute(
        `select course_id, order_id, product_id, source, status from user_courses where user_id = ? order by course_id`,
        [userId],
      )) as { course_id: string; order_id: string; product_id: string; source: string; status: string }[];

  const granted = async (userId: string) =>
    (
      await publishedEvents<EventData<typeof EnrolmentGranted>>(
        env.namespace,
        'learning',
        EnrolmentGranted.type,
      )
    ).filter((e) => e.data.userId === userId);

  /** waits until `n` granted events of `userId` are out, then a little longer for any extra one */
  const settledGranted = async (userId: string, n: number) => {
    await eventually(async () => ((await granted(userId)).length >= n ? true : undefined));
    await new Promise((r) => setTimeout(r, 700)); // one more would have been relayed by now
    return granted(userId);
  };

  it('grants one active enrolment per course of the paid order, and one granted event each', async () => {
    const userId = uuidv7();
    const ev = orderPaid(userId, ['course-a', 'course-b', 'course-a']);
    await bus.deliver(ev, 'learning');
    expect(await enrolments(userId)).toEqual([
      {
        course_id: 'course-a',
        order_id: ev.data.orderId,
        product_id: ev.data.productId,
        source: 'order',
        status: 'active',
      },
      {
        course_id: 'course-b',
        order_id: ev.data.orderId,
        product_id: ev.data.productId,
        source: 'order',
        status: 'active',
      },
    ]);
    const events = await settledGranted(userId, 2);
    expect(events.map((e) => e.data.courseId).sort()).toEqual(['course-a', 'course-b']);
    expect(events[0]!.data).toMatchObject({ userId, orderId: ev.data.orderId, source: 'order' });
    expect(events[0]!.causationId).toBe(ev.id);

    // the member sees them
    const res = await app.inject({
      method: 'GET',
      url: '/enrolments/mine',
      headers: bearer(await issuer.member(userId)),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<EnrolmentList>().items.map((e) => [e.courseId, e.status, e.orderId])).toEqual([
      ['course-a', 'active', ev.data.orderId],
      ['course-b', 'active', ev.data.orderId],
    ]);
  });

  it('the same event again, or another paid order for a course already held: no duplicate, no second event', async () => {
    const userId = uuidv7();
    const first = orderPaid(userId, ['course-x']);
    await bus.deliver(first, 'learning');
    await bus.deliver(first, 'learning', `${first.id}-again`); // past publish dedup: the inbox skips it
    // a second order with the same course and a new one: only the new course is granted
    const second = orderPaid(userId, ['course-x', 'course-y']);
    await bus.deliver(second, 'learning');

    const rows = await enrolments(userId);
    expect(rows.map((r) => [r.course_id, r.order_id])).toEqual([
      ['course-x', first.data.orderId],
      ['course-y', second.data.orderId],
    ]);
    const events = await settledGranted(userId, 2);
    expect(events.map((e) => [e.data.courseId, e.data.orderId])).toEqual([
      ['course-x', first.data.orderId],
      ['course-y', second.data.orderId],
    ]);
  });

  it('a paid order granting no course enrols nothing', async () => {
    const userId = uuidv7();
    await bus.deliver(orderPaid(userId, []), 'learning');
    expect(await enrolments(userId)).toEqual([]);
  });
});
