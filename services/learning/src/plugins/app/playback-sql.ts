import type { EntityManager } from '@rian/kit/db';
import type { SessionType, YN } from '../../domain/access.js';
import type { Range } from '../../domain/watch-ranges.js';
import { WATCH_DAY_EVENT_STEP_S } from '@rian/proto-contracts/learning-watch';

/**
 * The heartbeat's two statements (issue 14, D78), on a plain pooled client of the ORM's own pool as
 * named prepared statements: a beat is the service's hottest write (200/s for 2,000 viewers) and a
 * MikroORM transaction cost it six round trips and a unit of work. No entities are bypassed for
 * anything but this path and the playback start; STYLE.md's "entities unless a query needs SQL"
 * gives way to a measured need here.
 */

export interface PgClient {
  query(q: { name?: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/** Runs `fn` with a connection of the ORM's pool (no transaction: each statement commits itself). */
export async function withClient<T>(em: EntityManager, fn: (c: PgClient) => Promise<T>): Promise<T> {
  const client = em.getConnection().getKnex().client as {
    acquireConnection(): Promise<PgClient>;
    releaseConnection(c: PgClient): Promise<unknown>;
  };
  const c = await client.acquireConnection();
  try {
    return await fn(c);
  } finally {
    await client.releaseConnection(c);
  }
}

/** A playback as a beat reads it, with the member's coverage of the video. */
export interface BeatRow {
  user_id: string;
  video_id: string;
  course_id: string;
  duration_seconds: number | null;
  time_total: number;
  last_seq: number;
  since: Date | string;
  beat_token_hash: string;
  /** null: no progress row yet */
  ranges: Range[] | null;
}

export async function readForBeat(c: PgClient, playbackId: string): Promise<BeatRow | undefined> {
  const { rows } = await c.query({
    name: 'learning.beat.read',
    text: `select s.user_id, s.video_id, s.course_id, s.duration_seconds, s.time_total, s.last_seq,
             s.beat_token_hash, coalesce(s.last_beat_at, s.started_at) as since, p.ranges
           from video_statistics s
           left join video_progress p on p.user_id = s.user_id and p.video_id = s.video_id
           where s.statistic_id = $1`,
    values: [playbackId],
  });
  return rows[0] as BeatRow | undefined;
}

export interface BeatWrite {
  playbackId: string;
  row: BeatRow;
  seq: number;
  now: Date;
  day: string;
  position: number;
  credited: number;
  total: number;
  buckets: [number, number, number];
  pause: boolean;
  ended: boolean;
  /** the merged coverage as JSON; null when this beat credits no range */
  ranges: string | null;
  /** the playback's last beat (pause, ended, pagehide): the day's total is announced if it moved */
  last: boolean;
  /** the id `learning.watch.day-totalled` gets if this beat announces the day's total */
  eventId: string;
  /**
   * The Bangkok day of the playback's previous beat when it was another day (the playback crossed
   * midnight): what that day got since its last announcement is announced now, under
   * `rolloverEventId`. Null otherwise.
   */
  previousDay: string | null;
  rolloverEventId: string;
}

/** What a written beat did: false = someone else wrote first (read again); the day total it announced. */
export interface BeatWritten {
  written: boolean;
  /** how many `learning.watch.day-totalled` this beat wrote to the outbox (0, 1 or 2) */
  announced: number;
}

/**
 * Writes one beat in one statement (one implicit transaction): the playback — only if its
 * `last_seq` is still the one read (compare-and-set; the row lock of the update makes a concurrent
 * duplicate wait and then find it changed) and, when a range is credited, only if the coverage
 * read is still the coverage (its row locked first) — then the progress and the day, which follow
 * the playback's update or nothing. False: someone else wrote first; read again.
 * `synchronous_commit` is off for this transaction only (D78).
 *
 * Issue 20 (D141): the same statement adds the credit to the member's day total (`watch_day_totals`)
 * and, when the total passes another multiple of WATCH_DAY_EVENT_STEP_S — or on the playback's last
 * beat when something was credited since the last announcement — writes `learning.watch.day-totalled`
 * (the running total) to the outbox, in the beat's own transaction. The old and new totals come from
 * the upsert itself: no extra query per beat. The first beat of a playback on a new Bangkok day also
 * announces the day before, if it got seconds since its last announcement.
 */
export async function writeBeat(c: PgClient, w: BeatWrite): Promise<BeatWritten> {
  const { row } = w;
  const { rows } = await c.query({
    name: 'learning.beat.write',
    text: `with cur as (
             select ranges from video_progress where user_id = $1 and video_id = $2 for update),
           unchanged as (
             select 1 where $3::jsonb is null
               or coalesce((select ranges from cur), '[]'::jsonb) = coalesce($4::jsonb, '[]'::jsonb)),
           playback as (
             update video_statistics set last_seq = $5, last_beat_at = $6, time_end = $7,
               cur_time_end = greatest(cur_time_end, $7), time_total = $8,
               pause_total = pause_total + $9, end_total = end_total + $10,
               three_min_total = $11, five_min_total = $12, ten_min_total = $13,
               event = case when $14 then 'Ended' else event end
             where statistic_id = $15 and last_seq = $16 and exists (select 1 from unchanged)
             returning 1),
           progress as (
             insert into video_progress (user_id, video_id, course_id, seconds, ranges, last_position,
               furthest_position, last_viewed_at, ended)
             select $1, $2, $17, $18, coalesce($3::jsonb, '[]'), $7, $7, $6, $14 from playback
             on conflict (user_id, video_id) do update set
               seconds = video_progress.seconds + excluded.seconds,
               ranges = coalesce($3::jsonb, video_progress.ranges),
               last_position = excluded.last_position,
               furthest_position = greatest(video_progress.furthest_position, excluded.furthest_position),
               last_viewed_at = excluded.last_viewed_at,
               ended = video_progress.ended or excluded.ended
             returning 1),
           day as (
             insert into watch_days (user_id, day, video_id, course_id, seconds)
             select $1, $19, $2, $17, $18 from playback where $18 > 0
             on conflict (user_id, day, video_id) do update set seconds = watch_days.seconds + excluded.seconds
             returning 1),
           total as (
             insert into watch_day_totals as t (user_id, day, seconds, announced_seconds)
             select $1, $19, $18, case when $18 >= $20::int or $21 then $18 else 0 end from playback where $18 > 0
             on conflict (user_id, day) do update set seconds = t.seconds + excluded.seconds,
               announced_seconds = case
                 when $21 or floor(round((t.seconds + excluded.seconds)::numeric, 3) / $20::int)
                   > floor(round(t.seconds::numeric, 3) / $20::int)
                 then t.seconds + excluded.seconds else t.announced_seconds end
             returning day, seconds, announced_seconds),
           flushed as (
             update watch_day_totals set announced_seconds = seconds
             where user_id = $1 and day = $19 and $21 and $18 = 0 and seconds > announced_seconds
               and exists (select 1 from playback)
             returning day, seconds),
           rolled as (
             update watch_day_totals set announced_seconds = seconds
             where $24::date is not null and user_id = $1 and day = $24::date and seconds > announced_seconds
               and exists (select 1 from playback)
             returning day, seconds),
           announce as (
             select $22::uuid as id, day, seconds from total where seconds = announced_seconds
             union all select $22::uuid, day, seconds from flushed
             union all select $25::uuid, day, seconds from rolled),
           event as (
             insert into kit_outbox (id, type, envelope, created_at, attempts, next_attempt_at)
             select id, 'learning.watch.day-totalled', jsonb_build_object(
                 'id', id::text, 'type', 'learning.watch.day-totalled', 'version', 1, 'occurredAt', $23::text,
                 'source', 'learning', 'correlationId', id::text,
                 'data', jsonb_build_object('userId', $1::varchar::text, 'day', to_char(day, 'YYYY-MM-DD'),
                   'seconds', round(seconds::numeric, 3), 'at', $23::text)),
               $6, 0, $6
             from announce
             returning 1)
           select set_config('synchronous_commit', 'off', true),
             (select count(*) from playback)::int as written,
             (select count(*) from event)::int as announced`,
    values: [
      row.user_id,
      row.video_id,
      w.ranges,
      row.ranges === null ? null : JSON.stringify(row.ranges),
      w.seq,
      w.now,
      w.position,
      w.total,
      w.pause ? 1 : 0,
      w.ended ? 1 : 0,
      ...w.buckets,
      w.ended,
      w.playbackId,
      row.last_seq,
      row.course_id,
      w.credited,
      w.day,
      WATCH_DAY_EVENT_STEP_S,
      w.last,
      w.eventId,
      w.now.toISOString(),
      w.previousDay,
      w.previousDay ? w.rolloverEventId : null,
    ],
  });
  const r = rows[0] as { written: number; announced: number };
  return { written: r.written === 1, announced: r.announced };
}

/** What a playback start reads: the session, the member's enrolment in its course, the shown video, the last playback. */
export interface StartRow {
  session_id: string;
  course_id: string;
  type: SessionType;
  view: YN;
  special: YN;
  date: string | null;
  close_date: string | null;
  e_course_id: string;
  e_status: string;
  e_special: YN;
  e_start: string | null;
  e_end: string | null;
  product_id: string | null;
  /** null: no video, or not shown */
  video_id: string | null;
  own_seconds: number | null;
  measured_seconds: number | null;
  /** the member's last playback of the video (nulls: none) */
  last_event: 'Ended' | null;
  last_time_end: number | null;
  last_count: number | null;
}

/** One join instead of five look-ups; undefined when the session does not exist or the member has no enrolment in its course. */
export async function readForStart(
  c: PgClient,
  userId: string,
  sessionId: string,
): Promise<StartRow | undefined> {
  const { rows } = await c.query({
    name: 'learning.start.read',
    text: `select s.session_id, s.course_id, s.type, s.view, s.special, s.session_date::text as date,
             s.close_date::text as close_date, e.course_id as e_course_id, e.status as e_status,
             e.special as e_special, e.start_date::text as e_start, e.end_date::text as e_end,
             e.product_id, v.video_id, v.duration_seconds as own_seconds,
             a.duration_seconds as measured_seconds, l.event as last_event, l.time_end as last_time_end,
             l.count as last_count
           from course_sessions s
           join user_courses e on e.user_id = $1 and e.course_id = s.course_id::text
           left join videos v on v.video_id = s.video_id and v.status = 'show'
           left join video_assets a on a.asset_id = v.asset_id
           left join lateral (
             select event, time_end, count from video_statistics
             where user_id = $1 and video_id = v.video_id order by started_at desc limit 1) l on true
           where s.session_id = $2
           limit 1`,
    values: [userId, sessionId],
  });
  return rows[0] as StartRow | undefined;
}

export interface StartWrite {
  id: string;
  userId: string;
  videoId: string;
  sessionId: string;
  courseId: string;
  productId: string | null;
  durationSeconds: number | null;
  resumeAt: number;
  today: string;
  count: number;
  device: string | null;
  ip: string | null;
  tookOver: boolean;
  beatTokenHash: string;
  now: Date;
  /** watch_devices rows before this day are pruned (every member's) */
  pruneBefore: string;
}

/**
 * Writes a start in one statement: the playback (VideoStatistics), the member's progress row (last
 * viewed), the day's device and address, and the pruning of devices past the window.
 */
export async function writeStart(c: PgClient, w: StartWrite): Promise<void> {
  await c.query({
    name: 'learning.start.write',
    text: `with playback as (
             insert into video_statistics (statistic_id, user_id, video_id, session_id, course_id,
               product_id, duration_seconds, time_start, time_end, cur_time_end, time_total,
               pause_total, end_total, three_min_total, five_min_total, ten_min_total, visit_date,
               event, count, device, ip, took_over, beat_token_hash, last_seq, last_beat_at, started_at)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $8, $8, 0, 0, 0, 0, 0, 0, $9, null, $10, $11, $12,
               $13, $14, 0, null, $15)),
           progress as (
             insert into video_progress (user_id, video_id, course_id, last_position, furthest_position,
               last_viewed_at)
             values ($2, $3, $5, $8, $8, $15)
             on conflict (user_id, video_id) do update set last_viewed_at = excluded.last_viewed_at),
           seen as (
             insert into watch_devices (user_id, day, kind, value)
             select $2, $9, kind, value
             from (values ('device', $11::varchar), ('ip', left($12::varchar, 120))) as t (kind, value)
             where value is not null
             on conflict do nothing),
           pruned as (delete from watch_devices where day < $16)
           select 1`,
    values: [
      w.id,
      w.userId,
      w.videoId,
      w.sessionId,
      w.courseId,
      w.productId,
      w.durationSeconds,
      w.resumeAt,
      w.today,
      w.count,
      w.device,
      w.ip,
      w.tookOver,
      w.beatTokenHash,
      w.now,
      w.pruneBefore,
    ],
  });
}
