import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, publishedEvents, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { validateEvent, type Envelope, type EventData } from '@rian/proto-contracts/envelope';
import { SessionChanged, type SessionStaff } from '@rian/proto-contracts/learning-content';
import { EnrolmentChanged } from '@rian/proto-contracts/learning-enrolments';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { bearer, startLearning } from '../helpers.js';
import {
  announcePendingEnrolments,
  announcePendingSessions,
} from '../../src/plugins/app/announce-pending.js';

/**
 * D163: sessions and enrolments stored before notifications and insights kept them (announced_at
 * null, as the migration leaves existing rows) are announced once each at start — read back from
 * the LEARNING stream and the outbox; rows written since are not announced again.
 */
describe('announcing sessions and enrolments stored before their events', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let staff: string;
  let courseId: string;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startLearning(env, issuer);
    staff = await issuer.staff('staff');
    const res = await app.inject({
      method: 'POST',
      url: '/admin/courses',
      headers: bearer(staff),
      payload: { title: 'ทองคำ 101' },
    });
    expect(res.statusCode, res.body).toBe(201);
    courseId = res.json<{ id: string }>().id;
  });

  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
  });

  const sql = (q: string, params: unknown[] = []) =>
    app.kit.orm.em.fork().execute(q, params) as Promise<Record<string, unknown>[]>;

  /** A session and an enrolment as the tables held them before this release: announced_at null. */
  async function storedBefore(): Promise<{ sessionId: string; enrolmentId: string; userId: string }> {
    const sessionId = uuidv7();
    const enrolmentId = uuidv7();
    const userId = `u-${uuidv7()}`;
    await sql(
      `insert into course_sessions (session_id, course_id, type, item, title, session_date, start_time, to_time,
         created_at, updated_at, announced_at)
       values (?, ?, 'real', 1, 'สัมมนาเดิม', '2027-01-09', '10:00', '12:00',
         '2026-03-01T03:00:00Z', '2026-03-02T04:00:00Z', null)`,
      [sessionId, courseId],
    );
    await sql(
      `insert into user_courses (enrolment_id, user_id, course_id, source, status, special, start_date, end_date,
         created_at, updated_at, announced_at)
       values (?, ?, ?, 'staff', 'active', 'Y', '2026-03-01', '2027-02-28',
         '2026-03-01T05:00:00Z', '2026-03-05T06:30:00Z', null)`,
      [enrolmentId, userId, courseId],
    );
    return { sessionId, enrolmentId, userId };
  }

  const outboxCount = async (type: string, path: string, id: string) =>
    (
      await sql(`select count(*)::int as n from kit_outbox where type = ? and envelope #>> ? = ?`, [
        type,
        path,
        id,
      ])
    )[0]!.n;
  const sessionEvents = (id: string) => outboxCount(SessionChanged.type, '{data,id}', id);
  const enrolmentEvents = (id: string) =>
    outboxCount(EnrolmentChanged.type, '{data,enrolment,enrolmentId}', id);

  it('announces each row stored before once at the next start; a later start announces nothing', async () => {
    const { sessionId, enrolmentId, userId } = await storedBefore();
    // a session written now: its event came with it, no second one
    const made = await app.inject({
      method: 'POST',
      url: `/admin/courses/${courseId}/sessions`,
      headers: bearer(staff),
      payload: { title: 'ใหม่', date: '2027-01-10' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const newId = made.json<SessionStaff>().id;

    const again = await startLearning(env, issuer);
    try {
      const session = await eventually(async () => {
        const all = await publishedEvents<{ id: string }>(env.namespace, 'learning', SessionChanged.type);
        return all.find((e) => e.data.id === sessionId);
      });
      validateEvent(SessionChanged, session);
      expect(session.data).toMatchObject({
        id: sessionId,
        courseId,
        type: 'real',
        title: 'สัมมนาเดิม',
        date: '2027-01-09',
        start: '10:00',
        to: '12:00',
        updatedAt: '2026-03-02T04:00:00.000Z',
      });

      const enrolment = (await eventually(async () => {
        const all = await publishedEvents<EventData<typeof EnrolmentChanged>>(
          env.namespace,
          'learning',
          EnrolmentChanged.type,
        );
        return all.find((e) => e.data.enrolment.enrolmentId === enrolmentId);
      })) as Envelope<EventData<typeof EnrolmentChanged>>;
      validateEvent(EnrolmentChanged, enrolment);
      expect(enrolment.data).toEqual({
        action: 'announced',
        before: null,
        changedBy: null,
        changedAt: '2026-03-05T06:30:00.000Z', // its last change: a newer real change still wins
        enrolment: expect.objectContaining({
          enrolmentId,
          userId,
          courseId,
          source: 'staff',
          status: 'active',
          special: 'Y',
          start: '2026-03-01',
          end: '2027-02-28',
        }),
      });

      // a third start (its start work done once it is ready) and direct calls find nothing left
      const third = await startLearning(env, issuer);
      await third.close();
      expect(await announcePendingSessions(app.kit)).toBe(0);
      expect(await announcePendingEnrolments(app.kit)).toBe(0);
      expect(await sessionEvents(sessionId)).toBe(1);
      expect(await enrolmentEvents(enrolmentId)).toBe(1);
      expect(await sessionEvents(newId)).toBe(1);
    } finally {
      await again.close();
    }
  });

  it('two instances announcing at once announce each row once', async () => {
    const { sessionId, enrolmentId } = await storedBefore();
    const [a, b] = await Promise.all([announcePendingSessions(app.kit), announcePendingSessions(app.kit)]);
    const [c, d] = await Promise.all([
      announcePendingEnrolments(app.kit),
      announcePendingEnrolments(app.kit),
    ]);
    expect(a + b).toBe(1);
    expect(c + d).toBe(1);
    expect(await sessionEvents(sessionId)).toBe(1);
    expect(await enrolmentEvents(enrolmentId)).toBe(1);
  });
});
