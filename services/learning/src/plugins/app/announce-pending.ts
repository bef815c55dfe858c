import fp from 'fastify-plugin';
import type { Kit } from '@rian/kit/service';
import { SessionChanged } from '@rian/proto-contracts/learning-content';
import { EnrolmentChanged } from '@rian/proto-contracts/learning-enrolments';
import { CourseSession } from '../../entities/course-session.js';
import { sessionRecord } from '../../domain/content-views.js';
import { stateOfRow, type EnrolmentRow } from './enrolment-changes.js';

const BATCH = 200;

/**
 * Marks up to BATCH rows of `table` not announced yet (announced_at null) and answers them, in the
 * caller's transaction; `skip locked` leaves rows another replica is announcing to it.
 */
const PICK = (table: 'course_sessions' | 'user_courses', key: 'session_id' | 'enrolment_id') =>
  `with picked as (
     select ${key} from ${table} where announced_at is null order by ${key} limit ${BATCH}
     for update skip locked)
   update ${table} t set announced_at = now() from picked where t.${key} = picked.${key}
   returning t.*`;

/** Runs `batch` (one transaction each) until a batch finds fewer than BATCH rows; answers the total. */
async function drain(kit: Kit, batch: Parameters<Kit['orm']['em']['transactional']>[0]): Promise<number> {
  let total = 0;
  for (;;) {
    const n = (await kit.orm.em.fork().transactional(batch)) as number;
    total += n;
    if (n < BATCH) return total;
  }
}

/**
 * Writes `learning.session.changed` once for every session not announced yet — those stored before
 * notifications and insights kept sessions (D163; the stream keeps 14 days, so they would never
 * hear of them) — and marks them. Deleted sessions are gone from the table: nothing to announce.
 * The record is the one every session publisher writes (its `updatedAt` unchanged, so a newer change
 * a consumer already heard still wins). Answers how many it announced.
 */
export function announcePendingSessions(kit: Kit): Promise<number> {
  return drain(kit, async (em) => {
    const rows = (await em.execute(PICK('course_sessions', 'session_id'))) as { session_id: string }[];
    if (!rows.length) return 0;
    const sessions = await em.find(
      CourseSession,
      { id: { $in: rows.map((r) => r.session_id) } },
      { orderBy: { id: 'asc' } },
    );
    for (const s of sessions) kit.outbox.add(em, SessionChanged, sessionRecord(s));
    return rows.length;
  });
}

/**
 * Writes `learning.enrolment.changed` (action `announced`, the full state, `changedAt` = the row's
 * last change) once for every enrolment not announced yet, and marks them (D163). Not audited:
 * nothing changed. Answers how many it announced.
 */
export function announcePendingEnrolments(kit: Kit): Promise<number> {
  return drain(kit, async (em) => {
    const rows = (await em.execute(PICK('user_courses', 'enrolment_id'))) as EnrolmentRow[];
    for (const r of rows) {
      kit.outbox.add(em, EnrolmentChanged, {
        action: 'announced',
        enrolment: stateOfRow(r),
        before: null,
        changedBy: null,
        changedAt: new Date(r.updated_at).toISOString(),
      });
    }
    return rows.length;
  });
}

/** Both, at start; a failure is logged and the next start tries again. */
export default fp(
  async (app) => {
    app.addHook('onReady', async () => {
      try {
        const sessions = await announcePendingSessions(app.kit);
        const enrolments = await announcePendingEnrolments(app.kit);
        if (sessions || enrolments) {
          app.kit.logger.info(
            { sessions, enrolments },
            'announced sessions and enrolments stored before their events',
          );
        }
      } catch (err) {
        app.kit.logger.error(
          { err },
          'could not announce earlier sessions and enrolments; will try at the next start',
        );
      }
    });
  },
  { name: 'announce-pending' },
);
