import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import type { AdminEnrolmentsPage, EnrolmentList } from '@rian/proto-contracts/learning';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { bearer, orderPaid, startLearning } from '../helpers.js';

/** Who sees which enrolments: the member their own, staff all of them; others are refused. */
describe('enrolment routes', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let bus: TestBus;
  const alice = uuidv7();
  const bob = uuidv7();
  const course = `course-${uuidv7()}`;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startLearning(env, issuer);
    bus = await TestBus.open(env, 'orders');
    await bus.deliver(orderPaid(alice, [course, 'alice-only']), 'learning');
    await bus.deliver(orderPaid(bob, [course]), 'learning');
  });

  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await env?.cleanup();
  });

  const get = async (url: string, token?: string) =>
    app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  it('a member sees only their own enrolments', async () => {
    const res = await get('/enrolments/mine', await issuer.member(bob));
    expect(res.statusCode).toBe(200);
    expect(res.json<EnrolmentList>().items.map((e) => [e.userId, e.courseId])).toEqual([[bob, course]]);
    const none = await get('/enrolments/mine', await issuer.member(uuidv7()));
    expect(none.json<EnrolmentList>().items).toEqual([]);
  });

  it('staff list every enrolment, newest first, by member and by course, paged', async () => {
    const staff = await issuer.staff();
    const byCourse = await get(`/admin/enrolments?courseId=${course}`, staff);
    expect(byCourse.statusCode).toBe(200);
    const page = byCourse.json<AdminEnrolmentsPage>();
    expect(page.total).toBe(2);
    expect(page.items.map((e) => e.userId)).toEqual([bob, alice]);

    const byUser = await get(`/admin/enrolments?userId=${alice}`, staff);
    expect(
      byUser
        .json<AdminEnrolmentsPage>()
        .items.map((e) => e.courseId)
        .sort(),
    ).toEqual(['alice-only', course].sort());

    const both = await get(`/admin/enrolments?userId=${alice}&courseId=${course}&pageSize=1`, staff);
    expect(both.json<AdminEnrolmentsPage>()).toMatchObject({ total: 1, pageSize: 1, page: 1 });

    const second = await get(`/admin/enrolments?courseId=${course}&page=2&pageSize=1`, staff);
    expect(second.json<AdminEnrolmentsPage>()).toMatchObject({ total: 2, items: [{ userId: alice }] });
  });

  it('anonymous → 401; a member on the staff list → 403; staff on /enrolments/mine → 403', async () => {
    expect((await get('/enrolments/mine')).statusCode).toBe(401);
    expect((await get('/admin/enrolments')).statusCode).toBe(401);
    expect((await get('/admin/enrolments', await issuer.member(alice))).statusCode).toBe(403);
    expect((await get('/enrolments/mine', await issuer.staff())).statusCode).toBe(403);
  });
});
