import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import { buildEvent, type EventData } from '@rian/proto-contracts/envelope';
import type { KnownCoursesPage } from '@rian/proto-contracts/catalog-commerce';
import { CourseChanged, CourseDeleted } from '@rian/proto-contracts/learning';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { bearer, startCatalog } from '../../helpers.js';

/**
 * learning.course.changed / .deleted → catalog's read model of learning's courses, fed as
 * learning's relay publishes them (schema-valid: buildEvent checks the contract).
 */
describe('learning.course.* → catalog read model', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let bus: TestBus;
  let staff: Record<string, string>;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startCatalog(env, issuer);
    bus = await TestBus.open(env, 'learning');
    staff = bearer(await issuer.staff());
  });

  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await env?.cleanup();
  });

  const changed = (data: Partial<EventData<typeof CourseChanged>> & { courseId: string }) =>
    buildEvent(
      CourseChanged,
      { title: 'Forex 101', code: 'FX101', status: 'open', changedAt: new Date().toISOString(), ...data },
      { source: 'learning' },
    );
  const known = async (query: Record<string, string>) => {
    const res = await app.inject({ method: 'GET', url: '/admin/learning-courses', headers: staff, query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<KnownCoursesPage>();
  };

  it('keeps a course learning announced, and the newest copy of it; a redelivery changes nothing', async () => {
    const courseId = uuidv7();
    const first = changed({
      courseId,
      title: 'ทองคำ 101',
      code: 'GOLD101',
      changedAt: '2026-11-01T01:00:00.000Z',
    });
    await bus.deliver(first, 'catalog');
    expect((await known({ ids: courseId })).items).toEqual([
      { id: courseId, title: 'ทองคำ 101', code: 'GOLD101', status: 'open' },
    ]);

    const newer = changed({
      courseId,
      title: 'ทองคำ 102',
      status: 'closed',
      changedAt: '2026-11-02T01:00:00.000Z',
    });
    await bus.deliver(newer, 'catalog');
    // the same event again (a new message id: the inbox, not JetStream, must skip it) and an older copy
    await bus.deliver(first, 'catalog', uuidv7());
    await bus.deliver(changed({ courseId, title: 'late', changedAt: '2026-11-01T12:00:00.000Z' }), 'catalog');
    expect((await known({ ids: courseId })).items).toEqual([
      { id: courseId, title: 'ทองคำ 102', code: 'FX101', status: 'closed' },
    ]);
    const rows = (await app.kit.orm.em
      .fork()
      .execute('select count(*)::int as n from learning_courses where course_id = ?', [courseId])) as {
      n: number;
    }[];
    expect(rows[0]!.n).toBe(1);
  });

  it('forgets a deleted course for good: a late change does not bring it back', async () => {
    const courseId = uuidv7();
    await bus.deliver(changed({ courseId, changedAt: '2026-11-01T01:00:00.000Z' }), 'catalog');
    await bus.deliver(
      buildEvent(CourseDeleted, { courseId, deletedAt: '2026-11-03T01:00:00.000Z' }, { source: 'learning' }),
      'catalog',
    );
    expect((await known({ ids: courseId })).items).toEqual([]);
    await bus.deliver(changed({ courseId, changedAt: '2026-11-04T01:00:00.000Z' }), 'catalog');
    expect((await known({ ids: courseId })).items).toEqual([]);
  });

  it('lists known courses for staff by title or code (any case), by title; members 403, anonymous 401', async () => {
    const tag = uuidv7().slice(-6);
    const [a, b] = [uuidv7(), uuidv7()];
    await bus.publish(changed({ courseId: a, title: `Zeta ${tag}`, code: null }));
    await bus.deliver(changed({ courseId: b, title: `Alpha ${tag}`, code: `AL${tag}` }), 'catalog');
    expect((await known({ q: tag.toUpperCase() })).items.map((c) => c.id)).toEqual([b, a]);
    expect((await known({ q: `al${tag}` })).items.map((c) => c.id)).toEqual([b]);
    const page = await known({ q: tag, pageSize: '1', page: '2' });
    expect(page).toMatchObject({ total: 2, page: 2, pageSize: 1, items: [{ id: a }] });

    const url = '/admin/learning-courses';
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const member = await app.inject({ method: 'GET', url, headers: bearer(await issuer.member()) });
    expect(member.statusCode).toBe(403);
  });
});
