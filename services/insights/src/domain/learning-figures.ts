import type { EntityManager } from '@rian/kit/db';
import {
  addDays,
  bucketStart,
  type DashboardAnswer,
  type InsightBucket,
} from '@rian/proto-contracts/insights';

type Rows = Record<string, string | number | null>[];
const n = (v: unknown) => Number(v ?? 0);

/**
 * The dashboard's learning figures (issue 20, D140–D142), from insights' learning read models:
 * - watchSeconds and checkIns: sums of the per-Bangkok-day rows (`learning_days`) in the range,
 *   grouped into the buckets; seconds rounded to whole seconds after summing;
 * - activeThisWeek: distinct members who watched (> 0 s) or checked in on the 7 Bangkok days ending
 *   on `to` (D140) — at most a week of rows, read through the day indexes;
 * - sessionsToday: sessions (any type) dated `today`, the Bangkok day of the request.
 */
export async function readLearningFigures(
  em: EntityManager,
  q: { from: string; to: string; bucket: InsightBucket },
  today: string,
): Promise<DashboardAnswer['learning']> {
  const days = (await em.execute(
    `select to_char(day, 'YYYY-MM-DD') as day, watch_seconds, check_ins
       from learning_days where day between ? and ? order by day`,
    [q.from, q.to],
  )) as Rows;
  const buckets = new Map<string, { bucket: string; watchSeconds: number; checkIns: number }>();
  let watchSeconds = 0;
  let checkIns = 0;
  for (const r of days) {
    if (n(r.watch_seconds) === 0 && n(r.check_ins) === 0) continue;
    const key = bucketStart(String(r.day), q.bucket);
    const p = buckets.get(key) ?? { bucket: key, watchSeconds: 0, checkIns: 0 };
    p.watchSeconds += n(r.watch_seconds);
    p.checkIns += n(r.check_ins);
    buckets.set(key, p);
    watchSeconds += n(r.watch_seconds);
    checkIns += n(r.check_ins);
  }
  const [figures] = (await em.execute(
    `select
       (select count(*)::int from (
          select user_id from learning_watch_days where day between ? and ? and seconds > 0
          union
          select user_id from learning_checkins where day between ? and ? and not removed) a) as active,
       (select count(*)::int from learning_sessions where day = ? and not deleted) as sessions_today`,
    [addDays(q.to, -6), q.to, addDays(q.to, -6), q.to, today],
  )) as Rows;
  return {
    activeThisWeek: n(figures?.active),
    watchSeconds: Math.round(watchSeconds),
    sessionsToday: n(figures?.sessions_today),
    checkIns,
    series: [...buckets.values()].map((p) => ({ ...p, watchSeconds: Math.round(p.watchSeconds) })),
  };
}
