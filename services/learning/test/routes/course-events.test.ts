import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, publishedEvents, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import {
  validateEvent,
  type Envelope,
  type EventContract,
  type EventData,
} from '@rian/proto-contracts/envelope';
import { CourseChanged, CourseDeleted, type CourseStaff } from '@rian/proto-contracts/learning';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { bearer, startLearning } from '../helpers.js';

/**
 * Course events (issue 11 item 13): what catalog's read model of learning's courses is fed from,
 * read back from the LEARNING stream and checked against the contracts.
 */
describe('learning.course.* events', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let staff: string;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startLearning(env, issuer);
    staff = await issuer.staff('staff');
  });

  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
  });

  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(staff), ...(payload ? { payload } : {}) });

  /** The events of `contract` for a course, each valid against the contract. */
  async function eventsOf<C extends EventContract>(
    contract: C,
    courseId: string,
    atLeast: number,
  ): Promise<Envelope<EventData<C>>[]> {
    const found = await eventually(async () => {
      const all = await publishedEvents<{ courseId: string }>(env.namespace, 'learning', contract.type);
      const mine = all.filter((e) => e.data.courseId === courseId);
      return mine.length >= atLeast ? mine : undefined;
    });
    for (const e of found) validateEvent(contract, e);
    return found as Envelope<EventData<C>>[];
  }

  it('a created, a changed and a deleted course each publish their event', async () => {
    const res = await call('POST', '/admin/courses', { title: 'ทองคำ 101', code: 'GOLD101' });
    expect(res.statusCode, res.body).toBe(201);
    const course = res.json<CourseStaff>();
    const [created] = await eventsOf(CourseChanged, course.id, 1);
    expect(created!.data).toEqual({
      courseId: course.id,
      title: 'ทองคำ 101',
      code: 'GOLD101',
      status: 'open',
      changedAt: course.updatedAt,
    });

    const put = await call('PUT', `/admin/courses/${course.id}`, { title: 'ทองคำ 102', status: 'closed' });
    expect(put.statusCode, put.body).toBe(200);
    const changed = (await eventsOf(CourseChanged, course.id, 2))[1]!;
    expect(changed.data).toMatchObject({ title: 'ทองคำ 102', code: 'GOLD101', status: 'closed' });
    expect(changed.data.changedAt > created!.data.changedAt).toBe(true);

    expect((await call('DELETE', `/admin/courses/${course.id}`)).statusCode).toBe(204);
    const [deleted] = await eventsOf(CourseDeleted, course.id, 1);
    expect(deleted!.data.courseId).toBe(course.id);
  });

  it('a refused change publishes nothing (blank title → 400, no event written)', async () => {
    const res = await call('POST', '/admin/courses', { title: 'Forex 1' });
    const course = res.json<CourseStaff>();
    await eventsOf(CourseChanged, course.id, 1);
    expect((await call('PUT', `/admin/courses/${course.id}`, { title: '   ' })).statusCode).toBe(400);
    const rows = (await app.kit.orm.em
      .fork()
      .execute(
        `select count(*)::int as n from kit_outbox where type = ? and envelope->'data'->>'courseId' = ?`,
        [CourseChanged.type, course.id],
      )) as { n: number }[];
    expect(rows[0]!.n).toBe(1);
  });

  it('a course made before course events is announced once, at the next start', async () => {
    // as the courses table held it before this change: announced_at null
    const id = uuidv7();
    await app.kit.orm.em.fork().execute(
      `insert into courses (course_id, title, code, status, live_streaming, created_at, updated_at, announced_at)
         values (?, 'คอร์สเดิม', 'OLD1', 'open', 'N', now(), now(), null)`,
      [id],
    );
    const again = await startLearning(env, issuer); // a (re)start announces it
    try {
      const [announced] = await eventsOf(CourseChanged, id, 1);
      expect(announced!.data).toMatchObject({ courseId: id, title: 'คอร์สเดิม', code: 'OLD1', status: 'open' });
      // announced and marked: neither instance announces it again
      expect(await app.courses.announcePending()).toBe(0);
      expect(await again.courses.announcePending()).toBe(0);
    } finally {
      await again.close();
    }
  });
});
