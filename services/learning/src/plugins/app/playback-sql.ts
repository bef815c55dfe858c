import type { EntityManager } from '@rian/kit/db';
import type { Range } from '../../domain/watch-ranges.js';

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
}

/**
 * Writes one beat in one statement (one implicit transaction): the playback — only if its
 * `last_seq` is still the one read (compare-and-set; the row lock of the update makes a concurrent
 * duplicate wait and then find it changed) and, when a range is credited, only if the coverage
 * read is still the coverage (its row locked first) — then the progress and the day, which follow
 * the playback's update or nothing. False: someone else wrote first; read again.
 * `synchronous_commit` is off for this transaction only (D78).
 */
export async function writeBeat(c: PgClient, w: BeatWrite): Promise<boolean> {
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
             returning 1)
           select set_config('synchronous_commit', 'off', true),
             (select count(*) from playback)::int as written`,
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
    ],
  });
  return (rows[0] as { written: number }).written === 1;
}
