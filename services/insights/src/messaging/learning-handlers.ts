import type { EntityManager } from '@rian/kit/db';
import { on } from '@rian/kit/consumer';
import { bangkokDay } from '@rian/proto-contracts/insights';
import { CheckinRecorded, CheckinRemoved } from '@rian/proto-contracts/learning-checkin';
import { SessionChanged, SessionDeleted } from '@rian/proto-contracts/learning-content';
import { WatchDayTotalled } from '@rian/proto-contracts/learning-watch';

/*
 * The dashboard's learning read models (issue 20), fed by learning's events only. The kit inbox
 * runs each handler once per event id in the transaction of its writes; on top of that every
 * handler is idempotent and order-tolerant by itself (tombstones, the largest total heard), so a
 * replay under another id or a late event changes nothing it should not.
 */

type Em = EntityManager;

/** A session made or changed: its Bangkok day and type, unless it was deleted or a newer change is kept. */
export const onSessionChanged = on(SessionChanged, async (event, { em }) => {
  const s = event.data;
  await em.execute(
    `insert into learning_sessions (session_id, course_id, day, type, updated_at) values (?, ?, ?, ?, ?)
     on conflict (session_id) do update set course_id = excluded.course_id, day = excluded.day,
       type = excluded.type, updated_at = excluded.updated_at
     where not learning_sessions.deleted and learning_sessions.updated_at <= excluded.updated_at`,
    [s.id, s.courseId, s.date || null, s.type, s.updatedAt],
  );
});

/** A session deleted: a tombstone (a change heard later cannot bring it back). */
export const onSessionDeleted = on(SessionDeleted, async (event, { em }) => {
  const d = event.data;
  await em.execute(
    `insert into learning_sessions (session_id, course_id, day, type, deleted, updated_at)
     values (?, ?, null, 'deleted', true, ?)
     on conflict (session_id) do update set deleted = true, updated_at = excluded.updated_at`,
    [d.id, d.courseId, d.deletedAt],
  );
});

const addCheckIns = (em: Em, day: string, n: 1 | -1) =>
  em.execute(
    `insert into learning_days (day, check_ins) values (?, ?)
     on conflict (day) do update set check_ins = learning_days.check_ins + excluded.check_ins`,
    [day, n],
  );

/** A check-in: counted once on the Bangkok day of checkedInAt (unless its removal came first). */
export const onCheckinRecorded = on(CheckinRecorded, async (event, { em }) => {
  const d = event.data;
  const day = bangkokDay(d.checkedInAt);
  const rows = (await em.execute(
    `insert into learning_checkins (checkin_id, user_id, day) values (?, ?, ?)
     on conflict (checkin_id) do nothing returning day`,
    [d.checkinId, d.userId, day],
  )) as unknown[];
  if (rows.length) await addCheckIns(em as Em, day, 1);
});

/** A check-in removed: no longer counted (a tombstone when its check-in was not heard yet). */
export const onCheckinRemoved = on(CheckinRemoved, async (event, { em }) => {
  const d = event.data;
  const rows = (await em.execute(
    `update learning_checkins set removed = true where checkin_id = ? and not removed
     returning to_char(day, 'YYYY-MM-DD') as day`,
    [d.checkinId],
  )) as { day: string }[];
  if (rows[0]) {
    await addCheckIns(em as Em, rows[0].day, -1);
    return;
  }
  await em.execute(
    `insert into learning_checkins (checkin_id, user_id, day, removed) values (?, ?, ?, true)
     on conflict (checkin_id) do nothing`,
    [d.checkinId, d.userId, bangkokDay(d.checkedInAt)],
  );
});

/**
 * A member's running total for a Bangkok day: the largest heard is kept (a replay or a late lower
 * total changes nothing) and the day's aggregate grows by what it added. The member's day row is
 * locked while read, so two replicas hearing two totals of one member add each second once.
 */
export const onWatchDayTotalled = on(WatchDayTotalled, async (event, { em }) => {
  const d = event.data;
  const db = em as Em;
  await db.execute(
    `insert into learning_watch_days (user_id, day, seconds) values (?, ?, 0) on conflict do nothing`,
    [d.userId, d.day],
  );
  const [row] = (await db.execute(
    `select seconds from learning_watch_days where user_id = ? and day = ? for update`,
    [d.userId, d.day],
  )) as { seconds: number }[];
  const before = Number(row?.seconds ?? 0);
  if (!(d.seconds > before)) return;
  await db.execute(`update learning_watch_days set seconds = ? where user_id = ? and day = ?`, [
    d.seconds,
    d.userId,
    d.day,
  ]);
  await db.execute(
    `insert into learning_days (day, watch_seconds) values (?, ?)
     on conflict (day) do update set watch_seconds = learning_days.watch_seconds + excluded.watch_seconds`,
    [d.day, d.seconds - before],
  );
});

export const LEARNING_CONSUMERS = [
  onSessionChanged,
  onSessionDeleted,
  onCheckinRecorded,
  onCheckinRemoved,
  onWatchDayTotalled,
];
