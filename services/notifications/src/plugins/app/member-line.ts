import { createHash } from 'node:crypto';
import type { EntityManager } from '@rian/kit/db';
import type { Locale } from '@rian/proto-contracts/enums';
import type { SessionRecord } from '@rian/proto-contracts/learning-content';
import type { EnrolmentState } from '@rian/proto-contracts/learning-enrolments';
import { sessionStartsAt } from '../../domain/session-start.js';
import type { RenderedEmail } from '../../domain/templates.js';
import { enqueueDelivery } from './delivery-log.js';

/**
 * Members' LINE (issue 20): the read models the pushes are decided from — who linked LINE
 * (auth.user.line-linked), who is enrolled where (learning.enrolment.*), when sessions start
 * (learning.session.*) — and writing one push as a delivery-log row.
 */

/** A member LINE pushes reach: their LINE user id and language (Thai when not known). */
export interface LineRecipient {
  userId: string;
  lineUserId: string;
  locale: Locale;
}

/**
 * A name-based UUID (the RFC 4122 version-5 layout over SHA-1) for what a push is about — "this
 * stream's broadcast to this member", "this check-in" — used as the delivery's event id. The log
 * keeps one row per event id and template, so a duplicate or replayed event, or a second replica,
 * writes nothing more whatever event carried it.
 */
export function pushKey(key: string): string {
  const h = createHash('sha1').update(`rian.notifications.line:${key}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A member linked (or unlinked: null) LINE; events may come out of order, the newest change wins. */
export async function rememberLineLink(
  em: EntityManager,
  userId: string,
  lineUserId: string | null,
  changedAt: string,
): Promise<void> {
  await em.execute(
    `insert into line_links (user_id, line_user_id, changed_at) values (?, ?, ?)
     on conflict (user_id) do update set line_user_id = excluded.line_user_id, changed_at = excluded.changed_at
     where line_links.changed_at < excluded.changed_at`,
    [userId, lineUserId, changedAt],
  );
}

/** The member's LINE id and language, or undefined when they have not linked LINE. */
export async function lineRecipient(em: EntityManager, userId: string): Promise<LineRecipient | undefined> {
  const [row] = (await em.execute(
    `select l.user_id, l.line_user_id, c.locale from line_links l
     left join user_contacts c on c.user_id = l.user_id
     where l.user_id = ? and l.line_user_id is not null`,
    [userId],
  )) as { user_id: string; line_user_id: string; locale: string | null }[];
  return row
    ? { userId: row.user_id, lineUserId: row.line_user_id, locale: row.locale === 'en' ? 'en' : 'th' }
    : undefined;
}

/**
 * An enrolment's state. `learning.enrolment.changed` carries the whole state and the newest
 * `changedAt` wins (an equal one too: a grant's two events share it, and `changed` knows more);
 * `learning.enrolment.granted` (`grantOnly`) only adds an enrolment not known yet, active.
 */
export async function rememberEnrolment(
  em: EntityManager,
  e: Pick<EnrolmentState, 'enrolmentId' | 'userId' | 'courseId' | 'status' | 'special' | 'start' | 'end'>,
  changedAt: string,
  grantOnly = false,
): Promise<void> {
  await em.execute(
    `insert into course_members (enrolment_id, user_id, course_id, status, special, start_day, end_day, changed_at)
     values (?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (enrolment_id) do ${
       grantOnly
         ? 'nothing'
         : `update set user_id = excluded.user_id, course_id = excluded.course_id, status = excluded.status,
       special = excluded.special, start_day = excluded.start_day, end_day = excluded.end_day,
       changed_at = excluded.changed_at where course_members.changed_at <= excluded.changed_at`
     }`,
    [e.enrolmentId, e.userId, e.courseId, e.status, e.special, e.start, e.end, changedAt],
  );
}

/**
 * A session as learning keeps it, with its start instant (domain/session-start.ts). The newest
 * `updatedAt` wins; a deleted session stays deleted.
 */
export async function rememberSession(em: EntityManager, s: SessionRecord): Promise<void> {
  await em.execute(
    `insert into course_sessions (id, course_id, title, type, view, special, day, start_time, starts_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (id) do update set course_id = excluded.course_id, title = excluded.title, type = excluded.type,
       view = excluded.view, special = excluded.special, day = excluded.day, start_time = excluded.start_time,
       starts_at = excluded.starts_at, updated_at = excluded.updated_at
     where course_sessions.deleted_at is null and course_sessions.updated_at <= excluded.updated_at`,
    [
      s.id,
      s.courseId,
      s.title.slice(0, 200),
      s.type,
      s.view,
      s.special,
      s.date,
      s.start,
      sessionStartsAt(s.date, s.start),
      s.updatedAt,
    ],
  );
}

/** A session was deleted: no reminder for it any more (kept as a tombstone so a late change cannot bring it back). */
export async function forgetSession(
  em: EntityManager,
  id: string,
  courseId: string,
  deletedAt: string,
): Promise<void> {
  await em.execute(
    `insert into course_sessions (id, course_id, title, type, day, starts_at, updated_at, deleted_at)
     values (?, ?, '', 'video', ?::timestamptz::date, ?, ?, ?)
     on conflict (id) do update set deleted_at = excluded.deleted_at`,
    [id, courseId, deletedAt, deletedAt, deletedAt, deletedAt],
  );
}

/**
 * The members with LINE linked who are enrolled in one of `courseIds` and whose enrolment is active
 * on `day` (yyyy-mm-dd, Asia/Bangkok): status active, started (no start day, or start ≤ day), not
 * ended (no end day, or day ≤ end). Each member once.
 */
export async function linkedMembersOf(
  em: EntityManager,
  courseIds: readonly string[],
  day: string,
): Promise<LineRecipient[]> {
  if (courseIds.length === 0) return [];
  const rows = (await em.execute(
    `select distinct m.user_id, l.line_user_id, c.locale from course_members m
     join line_links l on l.user_id = m.user_id and l.line_user_id is not null
     left join user_contacts c on c.user_id = m.user_id
     where m.course_id in (${courseIds.map(() => '?').join(', ')}) and m.status = 'active'
       and (m.start_day is null or m.start_day <= ?::date) and (m.end_day is null or m.end_day >= ?::date)
     order by m.user_id`,
    [...courseIds, day, day],
  )) as { user_id: string; line_user_id: string; locale: string | null }[];
  return rows.map((r) => ({
    userId: r.user_id,
    lineUserId: r.line_user_id,
    locale: r.locale === 'en' ? 'en' : 'th',
  }));
}

/** Writes one member's LINE push as a pending delivery (sent after commit). False: already written. */
export function enqueueMemberLine(
  em: EntityManager,
  push: { to: LineRecipient; template: string; message: RenderedEmail; key: string },
): Promise<boolean> {
  return enqueueDelivery(em, {
    channel: 'line',
    to: push.to.lineUserId,
    template: push.template,
    locale: push.to.locale,
    message: push.message,
    eventId: pushKey(push.key),
  });
}
