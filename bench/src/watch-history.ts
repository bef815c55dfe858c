/**
 * A year of one member's viewing, written straight into learning's statistics tables (migration
 * 0008-watch-statistics): what a year of heartbeats would have left — one `video_statistics` row
 * per playback, `watch_days` per Bangkok day × video, `video_progress` per video. The member
 * watches on about four days in five, one to three playbacks a day, mostly the newest lessons
 * released by then (a fixed seed: every run writes the same year, relative to today).
 */
import type pg from 'pg';

export interface HistoryCourse {
  courseId: string;
  /** oldest first; `day` the lesson's Bangkok day */
  lessons: { sessionId: string; videoId: string; day: string }[];
}

/** mulberry32: a small seeded generator, so each run writes the same history */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const bangkokDay = (offsetDays: number) =>
  new Date(Date.now() + 7 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** Merged [start, end] ranges. */
function merge(ranges: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [s, e] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

async function insertRows(db: pg.Client, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const params: unknown[] = [];
    const values = chunk.map((row) => `(${row.map((v) => `$${params.push(v)}`).join(', ')})`);
    await db.query(`insert into ${table} (${columns.join(', ')}) values ${values.join(', ')}`, params);
  }
}

/** Writes the history; answers what it wrote, for the report. */
export async function writeHistory(
  db: pg.Client,
  opts: { userId: string; course: HistoryCourse; days: number; durationSeconds: number },
): Promise<string> {
  const random = seeded(14);
  const { userId, course, days, durationSeconds } = opts;
  const playbacks: unknown[][] = [];
  const perDay = new Map<string, number>();
  const progress = new Map<
    string,
    {
      seconds: number;
      ranges: [number, number][];
      last: number;
      furthest: number;
      at: Date;
      ended: boolean;
      count: number;
    }
  >();
  for (let d = -days; d <= 0; d++) {
    const day = bangkokDay(d);
    // today: the dashboard reads run while the member has watched a little today too
    if (d < 0 && random() < 0.2) continue;
    const released = course.lessons.filter((l) => l.day <= day);
    if (!released.length) continue;
    // today: one short playback that ended a moment ago (none in the first minutes of the day)
    const sinceMidnight = (Date.now() - Date.parse(`${day}T00:00:00+07:00`)) / 1000 - 60;
    if (d === 0 && sinceMidnight < 120) continue;
    const n = d === 0 ? 1 : 1 + Math.floor(random() * 3);
    for (let p = 0; p < n; p++) {
      // mostly one of the three newest lessons, sometimes an older one again
      const pick =
        random() < 0.8
          ? released[Math.max(0, released.length - 1 - Math.floor(random() * 3))]!
          : released[Math.floor(random() * released.length)]!;
      const prog = progress.get(pick.videoId) ?? {
        seconds: 0,
        ranges: [],
        last: 0,
        furthest: 0,
        at: new Date(0),
        ended: false,
        count: 0,
      };
      const timeStart = prog.ended ? 0 : prog.last;
      let watched = Math.min(durationSeconds - timeStart, 300 + Math.floor(random() * 3300));
      if (d === 0) watched = Math.min(watched, 900, Math.floor(sinceMidnight) - 30);
      const timeEnd = timeStart + watched;
      const ended = timeEnd >= durationSeconds;
      // a Bangkok evening: from 19:00 (UTC+7), some minutes in
      const startedAt =
        d === 0
          ? new Date(Date.now() - (watched + 30) * 1000)
          : new Date(Date.parse(`${day}T19:00:00+07:00`) + (Math.floor(random() * 240) + p * 5) * 60_000);
      const lastBeatAt = new Date(startedAt.getTime() + watched * 1000);
      prog.count = prog.ended ? 1 : prog.count + 1;
      playbacks.push([
        crypto.randomUUID(),
        userId,
        pick.videoId,
        pick.sessionId,
        course.courseId,
        durationSeconds,
        timeStart,
        timeEnd,
        timeEnd,
        watched,
        Math.floor(random() * 3),
        ended ? 1 : 0,
        Math.floor(watched / 180),
        Math.floor(watched / 300),
        Math.floor(watched / 600),
        day,
        ended ? 'Ended' : null,
        prog.count,
        'bench history',
        '127.0.0.1',
        'b'.repeat(64),
        Math.ceil(watched / 10),
        lastBeatAt,
        startedAt,
      ]);
      const key = `${day}|${pick.videoId}`;
      perDay.set(key, (perDay.get(key) ?? 0) + watched);
      prog.seconds += watched;
      prog.ranges = merge([...prog.ranges, [timeStart, timeEnd]]);
      prog.last = timeEnd;
      prog.furthest = Math.max(prog.furthest, timeEnd);
      prog.at = lastBeatAt;
      prog.ended ||= ended;
      progress.set(pick.videoId, prog);
    }
  }
  await insertRows(
    db,
    'video_statistics',
    [
      'statistic_id',
      'user_id',
      'video_id',
      'session_id',
      'course_id',
      'duration_seconds',
      'time_start',
      'time_end',
      'cur_time_end',
      'time_total',
      'pause_total',
      'end_total',
      'three_min_total',
      'five_min_total',
      'ten_min_total',
      'visit_date',
      'event',
      'count',
      'device',
      'ip',
      'beat_token_hash',
      'last_seq',
      'last_beat_at',
      'started_at',
    ],
    playbacks,
  );
  await insertRows(
    db,
    'watch_days',
    ['user_id', 'day', 'video_id', 'course_id', 'seconds'],
    [...perDay].map(([key, seconds]) => {
      const [day, videoId] = key.split('|');
      return [userId, day, videoId, course.courseId, seconds];
    }),
  );
  await insertRows(
    db,
    'video_progress',
    [
      'user_id',
      'video_id',
      'course_id',
      'seconds',
      'ranges',
      'last_position',
      'furthest_position',
      'last_viewed_at',
      'ended',
    ],
    [...progress].map(([videoId, p]) => [
      userId,
      videoId,
      course.courseId,
      p.seconds,
      JSON.stringify(p.ranges),
      p.last,
      p.furthest,
      p.at,
      p.ended,
    ]),
  );
  const watchedDays = new Set([...perDay.keys()].map((k) => k.split('|')[0])).size;
  return `${playbacks.length} playbacks on ${watchedDays} days, ${perDay.size} day × video rows, ${progress.size} videos`;
}
