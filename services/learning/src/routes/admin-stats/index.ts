import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import {
  DeviceFlagList,
  MemberWatchDetail,
  PlaybackParams,
  VideoAudience,
  WatchDevicesQuery,
  WatchMemberParams,
} from '@rian/proto-contracts/learning-watch';

const refusals = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema };

/** Staff views of watch statistics: one member's viewing, one video's audience, accounts on many devices. */
const adminStatsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const meta = { tags: ['admin-stats'], security: [{ bearer: [] }] };
  const staff = app.kit.requireStaff();

  app.get(
    '/admin/stats/members/:userId',
    {
      preHandler: staff,
      schema: {
        ...meta,
        summary:
          "DetailByUser: a member's progress per video, seconds per Asia/Bangkok day and video (the last year) and latest playbacks",
        params: WatchMemberParams,
        response: { 200: MemberWatchDetail, ...refusals },
      },
    },
    async (req) => app.watchStats.memberDetail(req.params.userId),
  );

  app.get(
    '/admin/stats/videos/:id',
    {
      preHandler: staff,
      schema: {
        ...meta,
        summary:
          "A video's audience: viewers, who ended it, seconds watched, average coverage and how many viewers reached each twentieth of it",
        params: PlaybackParams,
        response: { 200: VideoAudience, ...refusals, 404: ProblemSchema },
      },
    },
    async (req) => app.watchStats.videoAudience(req.params.id),
  );

  app.get(
    '/admin/stats/devices',
    {
      preHandler: staff,
      schema: {
        ...meta,
        summary:
          'Accounts that played from DEVICE_FLAG_AT or more devices or IP addresses in an Asia/Bangkok day (today by default), or took a playback over (a flag, not a ban)',
        querystring: WatchDevicesQuery,
        response: { 200: DeviceFlagList, ...refusals },
      },
    },
    async (req) => app.watchStats.deviceFlags(req.query.day),
  );
};

export default adminStatsRoutes;
