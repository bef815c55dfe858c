import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import {
  PlaybackParams,
  VideoProgressList,
  VideoStatisticsList,
  VideoStatisticsQuery,
  VideoStatisticsView,
  WatchCourseQuery,
  WatchMonth,
  WatchMonthQuery,
  WatchSummary,
} from '@rian/proto-contracts/learning-watch';

const refusals = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };

/**
 * The member's watch statistics (spec 01 §7 videosStatistics): the dashboard's figures, progress per
 * lesson, the month chart, and the member's own VideoStatistics records (list, find). The server
 * writes those records from the heartbeats; clients do not create or delete them.
 */
const memberStatsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const meta = { tags: ['member-stats'], security: [{ bearer: [] }] };

  app.get(
    '/member/stats/summary',
    {
      preHandler: app.kit.requireUser,
      schema: {
        ...meta,
        summary:
          'ByUserTodayTime / WeekTime / MonthTime / LastViewed: seconds watched today, this week (Monday first) and this month (Asia/Bangkok, all videos), the last viewed lesson and lesson counts of the course (the selected one unless courseId)',
        querystring: WatchCourseQuery,
        response: { 200: WatchSummary, ...refusals },
      },
    },
    async (req) => app.watchStats.summary(req.principal!.sub, req.query.courseId),
  );

  app.get(
    '/member/stats/videos',
    {
      preHandler: app.kit.requireUser,
      schema: {
        ...meta,
        summary:
          "ByUserVideoLastTime / ByUserVideoToday: the member's progress on each lesson of the course, in lesson order (zeros for lessons not opened)",
        querystring: WatchCourseQuery,
        response: { 200: VideoProgressList, ...refusals },
      },
    },
    async (req) => app.watchStats.videos(req.principal!.sub, req.query.courseId),
  );

  app.get(
    '/member/stats/month',
    {
      preHandler: app.kit.requireUser,
      schema: {
        ...meta,
        summary:
          'ChartByUserMonth / ByUserMonth: seconds per Asia/Bangkok day of the month (this month by default)',
        querystring: WatchMonthQuery,
        response: { 200: WatchMonth, ...refusals },
      },
    },
    async (req) => app.watchStats.month(req.principal!.sub, req.query.month),
  );

  app.get(
    '/member/statistics',
    {
      preHandler: app.kit.requireUser,
      schema: {
        ...meta,
        summary: "The member's own VideoStatistics records (one per playback), newest first",
        querystring: VideoStatisticsQuery,
        response: { 200: VideoStatisticsList, ...refusals },
      },
    },
    async (req) => app.watchStats.statistics(req.principal!.sub, req.query),
  );

  app.get(
    '/member/statistics/:id',
    {
      preHandler: app.kit.requireUser,
      schema: {
        ...meta,
        summary: "One of the member's own VideoStatistics records (another's answers 404)",
        params: PlaybackParams,
        response: { 200: VideoStatisticsView, ...refusals },
      },
    },
    async (req) => app.watchStats.statistic(req.principal!.sub, req.params.id),
  );
};

export default memberStatsRoutes;
