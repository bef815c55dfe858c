import fp from 'fastify-plugin';
import { ProblemError } from '@rian/kit/errors';
import type { Kit } from '@rian/kit/service';
import type {
  DeviceFlagList,
  MemberWatchDetail,
  VideoAudience,
  VideoProgress,
  VideoProgressList,
  VideoStatisticsList,
  VideoStatisticsQuery,
  VideoStatisticsView,
  WatchMonth,
  WatchSummary,
} from '@rian/proto-contracts/learning-watch';
import { DEVICE_FLAG_AT } from '@rian/proto-contracts/learning-watch';
import { Video, type VideoEntity } from '../../entities/video.js';
import { VideoProgressRow } from '../../entities/video-progress.js';
import { VideoStatistics, type VideoStatisticsEntity } from '../../entities/video-statistics.js';
import { addDays, bangkokDay } from '../../domain/access.js';
import { round3 } from '../../domain/watch-credit.js';
import { daysBetween, monthDays, watchPeriods } from '../../domain/watch-periods.js';
import { coverage, reachesSegment } from '../../domain/watch-ranges.js';
import { lessonProgress, type LessonProgress, type ProgressFigures } from './watch-lessons.js';
import { withClient } from './playback-sql.js';
import { videoLength, videoLengths } from './playbacks.js';

/** Segments of a video's audience drop-off. */
export const DROP_OFF_SEGMENTS = 20;
/** What DetailByUser shows: the member's days of the last year, the latest playbacks. */
const DETAIL_DAYS = 366;
const DETAIL_PLAYBACKS = 100;

export function statisticsView(r: VideoStatisticsEntity): VideoStatisticsView {
  return {
    id: r.id,
    userId: r.userId,
    videoId: r.videoId,
    sessionId: r.sessionId ?? null,
    courseId: r.courseId,
    productId: r.productId ?? null,
    timeStart: r.timeStart,
    timeEnd: r.timeEnd,
    curTimeEnd: r.curTimeEnd,
    timeTotal: r.timeTotal,
    pauseTotal: r.pauseTotal,
    endTotal: r.endTotal,
    threeMinTotal: r.threeMinTotal,
    fiveMinTotal: r.fiveMinTotal,
    tenMinTotal: r.tenMinTotal,
    visitDate: r.visitDate,
    event: r.event ?? null,
    count: r.count,
    device: r.device ?? null,
    startedAt: r.startedAt.toISOString(),
    lastBeatAt: r.lastBeatAt?.toISOString() ?? null,
  };
}

interface Lesson {
  videoId: string;
  sessionId: string | null;
  name: string;
  durationSeconds: number | null;
}

function progressView(l: Lesson, p: ProgressFigures | undefined, todaySeconds: number): VideoProgress {
  return {
    videoId: l.videoId,
    sessionId: l.sessionId,
    name: l.name,
    durationSeconds: l.durationSeconds,
    secondsWatched: round3(p?.seconds ?? 0),
    coverage: p ? coverage(p.ranges, l.durationSeconds) : l.durationSeconds ? 0 : null,
    lastPosition: p?.lastPosition ?? 0,
    furthestPosition: p?.furthestPosition ?? 0,
    lastViewedAt: p?.lastViewedAt?.toISOString() ?? null,
    ended: p?.ended ?? false,
    todaySeconds: round3(todaySeconds),
  };
}

const num = (v: unknown) => Number(v ?? 0);

/**
 * The reads of watch statistics (spec 01 §7 videosStatistics: ByUserTodayTime / WeekTime /
 * MonthTime, ByUserVideoLastTime, ChartByUserMonth, ByUserMonth, ByUserLastViewed, ByUserVideoToday,
 * DetailByUser, list and find) and the staff's views (a video's audience, accounts on many devices).
 * Totals roll up from `watch_days` (Asia/Bangkok days; weeks start on Monday).
 */
export class WatchStats {
  constructor(private readonly kit: Kit) {}

  /** The dashboard's figures: today / week / month (all the member's videos) and the course's lessons. */
  async summary(userId: string, courseId: string | undefined, now = new Date()): Promise<WatchSummary> {
    const em = this.kit.orm.em.fork();
    const { today, week, month } = watchPeriods(now);
    // the totals and the course's lessons side by side, each a prepared statement (watch-lessons.ts)
    const [totals, lessons] = await Promise.all([
      withClient(em, async (c) => {
        const { rows } = await c.query({
          name: 'learning.stats.totals',
          text: `select coalesce(sum(seconds) filter (where day = $1), 0) as today,
                   coalesce(sum(seconds) filter (where day between $2 and $3), 0) as week,
                   coalesce(sum(seconds) filter (where day between $4 and $5), 0) as month
                 from watch_days where user_id = $6 and day >= $7 and day <= $1`,
          values: [
            today,
            week.from,
            week.to,
            month.from,
            month.to,
            userId,
            week.from < month.from ? week.from : month.from,
          ],
        });
        return rows[0] as { today: number; week: number; month: number } | undefined;
      }),
      lessonProgress(em, userId, courseId, today),
    ]);
    // one row per video (a video in two lessons counts once), as the lessons list it
    const byVideo = new Map<string, LessonProgress>();
    for (const l of lessons) if (!byVideo.has(l.videoId)) byVideo.set(l.videoId, l);
    const opened = [...byVideo.values()].filter((l) => l.progress);
    let last: LessonProgress | undefined;
    for (const l of opened)
      if (l.progress!.lastViewedAt && (!last || l.progress!.lastViewedAt > last.progress!.lastViewedAt!))
        last = l;
    return {
      today,
      todaySeconds: round3(num(totals?.today)),
      weekSeconds: round3(num(totals?.week)),
      monthSeconds: round3(num(totals?.month)),
      lastViewed: last ? progressView(last, last.progress, last.todaySeconds) : null,
      lessonsStarted: opened.filter((l) => l.progress!.seconds > 0).length,
      lessonsEnded: opened.filter((l) => l.progress!.ended).length,
      lessonCount: byVideo.size,
    };
  }

  /** Progress per lesson of the course, in lesson order; zeros for lessons not opened yet. */
  async videos(userId: string, courseId: string | undefined, now = new Date()): Promise<VideoProgressList> {
    const lessons = await lessonProgress(this.kit.orm.em.fork(), userId, courseId, bangkokDay(now));
    return { items: lessons.map((l) => progressView(l, l.progress, l.todaySeconds)) };
  }

  /** Seconds per Asia/Bangkok day of a month (this month when none is named), every day listed. */
  async month(userId: string, month: string | undefined, now = new Date()): Promise<WatchMonth> {
    const m = month ?? bangkokDay(now).slice(0, 7);
    const { from, to } = monthDays(m);
    const rows = (await this.kit.orm.em.fork().execute(
      `select day::text as day, sum(seconds) as seconds from watch_days
       where user_id = ? and day between ? and ? group by day`,
      [userId, from, to],
    )) as { day: string; seconds: number }[];
    const byDay = new Map(rows.map((r) => [r.day, num(r.seconds)]));
    const days = daysBetween(from, to).map((day) => ({ day, seconds: round3(byDay.get(day) ?? 0) }));
    return { month: m, totalSeconds: round3(days.reduce((s, d) => s + d.seconds, 0)), days };
  }

  /** The member's own playbacks, newest first. */
  async statistics(userId: string, q: VideoStatisticsQuery): Promise<VideoStatisticsList> {
    const where = { userId, ...(q.videoId ? { videoId: q.videoId } : {}) };
    const [rows, total] = await this.kit.orm.em.fork().findAndCount(VideoStatistics, where, {
      orderBy: [{ startedAt: 'desc' }, { id: 'desc' }],
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    });
    return { items: rows.map(statisticsView), total };
  }

  async statistic(userId: string, id: string): Promise<VideoStatisticsView> {
    const r = await this.kit.orm.em.fork().findOne(VideoStatistics, { id, userId });
    if (!r) throw new ProblemError('learning.playback_not_found');
    return statisticsView(r);
  }

  // ------------------------------------------------------------ staff

  /** DetailByUser: a member's progress per video, seconds per day and video, the latest playbacks. */
  async memberDetail(userId: string, now = new Date()): Promise<MemberWatchDetail> {
    const em = this.kit.orm.em.fork();
    const progress = await em.find(
      VideoProgressRow,
      { userId },
      { orderBy: { lastViewedAt: 'desc nulls last' } as never },
    );
    const videos = new Map<string, VideoEntity>(
      (await em.find(Video, { id: { $in: progress.map((p) => p.videoId) } })).map((v) => [v.id, v]),
    );
    const today = bangkokDay(now);
    const days = (await em.execute(
      `select day::text as day, video_id, seconds from watch_days
       where user_id = ? and day > ? order by day desc, video_id`,
      [userId, addDays(today, -DETAIL_DAYS)],
    )) as { day: string; video_id: string; seconds: number }[];
    const todays = new Map(days.filter((d) => d.day === today).map((d) => [d.video_id, d.seconds]));
    const lengths = await videoLengths(em, [...videos.values()]);
    const out: MemberWatchDetail['videos'] = progress.map((p) => {
      const lesson: Lesson = {
        videoId: p.videoId,
        sessionId: null,
        name: videos.get(p.videoId)?.name ?? '',
        durationSeconds: lengths.get(p.videoId) ?? null,
      };
      return { ...progressView(lesson, p, todays.get(p.videoId) ?? 0), courseId: p.courseId };
    });
    const playbacks = await em.find(
      VideoStatistics,
      { userId },
      { orderBy: [{ startedAt: 'desc' }, { id: 'desc' }], limit: DETAIL_PLAYBACKS },
    );
    return {
      userId,
      videos: out,
      days: days.map((d) => ({ day: d.day, videoId: d.video_id, seconds: round3(d.seconds) })),
      playbacks: playbacks.map(statisticsView),
    };
  }

  /** A video's audience: viewers, ended, seconds, average coverage and who reached each 1/20th. */
  async videoAudience(videoId: string): Promise<VideoAudience> {
    const em = this.kit.orm.em.fork();
    const v = await em.findOne(Video, { id: videoId });
    if (!v) throw new ProblemError('learning.video_not_found');
    const length = await videoLength(em, v);
    const viewers = (await em.find(VideoProgressRow, { videoId })).filter((p) => p.seconds > 0);
    const dropOff = length
      ? Array.from(
          { length: DROP_OFF_SEGMENTS },
          (_, i) => viewers.filter((p) => reachesSegment(p.ranges, length, i, DROP_OFF_SEGMENTS)).length,
        )
      : [];
    const shares = viewers.map((p) => coverage(p.ranges, length)).filter((c): c is number => c !== null);
    return {
      videoId,
      durationSeconds: length,
      viewers: viewers.length,
      endedViewers: viewers.filter((p) => p.ended).length,
      totalSeconds: round3(viewers.reduce((s, p) => s + p.seconds, 0)),
      averageCoverage: shares.length ? shares.reduce((s, c) => s + c, 0) / shares.length : null,
      dropOff,
    };
  }

  /** Accounts seen on DEVICE_FLAG_AT or more devices or addresses in a day, or that took a playback over. */
  async deviceFlags(day: string | undefined, now = new Date()): Promise<DeviceFlagList> {
    const d = day ?? bangkokDay(now);
    const rows = (await this.kit.orm.em.fork().execute(
      `with seen as (
         select user_id, count(*) filter (where kind = 'device') as devices,
                count(*) filter (where kind = 'ip') as ips
         from watch_devices where day = ? group by user_id),
       taken as (
         select user_id, count(*) as take_overs from video_statistics
         where visit_date = ? and took_over group by user_id)
       select user_id, coalesce(devices, 0)::int as devices, coalesce(ips, 0)::int as ips,
              coalesce(take_overs, 0)::int as take_overs
       from seen full join taken using (user_id)
       where coalesce(devices, 0) >= ? or coalesce(ips, 0) >= ? or coalesce(take_overs, 0) > 0
       order by greatest(coalesce(devices, 0), coalesce(ips, 0)) desc, user_id`,
      [d, d, DEVICE_FLAG_AT, DEVICE_FLAG_AT],
    )) as { user_id: string; devices: number; ips: number; take_overs: number }[];
    return {
      items: rows.map((r) => ({
        userId: r.user_id,
        day: d,
        devices: r.devices,
        ips: r.ips,
        takeOvers: r.take_overs,
      })),
    };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    watchStats: WatchStats;
  }
}

export default fp(
  async (app) => {
    app.decorate('watchStats', new WatchStats(app.kit));
  },
  { name: 'watch-stats' },
);
