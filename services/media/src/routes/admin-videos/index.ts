import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { Uuid } from '@rian/proto-contracts/common';
import { staffRoutes } from '@rian/kit/staff-routes';
import { VideoAssetListQuery, VideoAssetView, VideoPlayback } from '@rian/proto-contracts/media-assets';

const guarded = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema };

/** /admin/video's view of lesson video assets: status, progress, errors, and a signed preview. Any staff. */
const adminVideoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  staffRoutes(app, {
    path: '/admin/videos',
    tag: 'admin videos',
    noun: 'lesson video asset',
    item: VideoAssetView,
    query: VideoAssetListQuery,
    summaries: { list: 'Lesson video assets (status, progress, error); q matches the file name' },
    list: (q) => app.lessonVideos.list(q),
    get: (id) => app.lessonVideos.get(id),
  });

  app.get(
    '/admin/videos/:id/playback',
    {
      preHandler: app.kit.requireStaff(),
      schema: {
        tags: ['admin videos'],
        summary: "A signed, short-lived playback URL of a ready asset's HLS master playlist (staff preview)",
        security: [{ bearer: [] }],
        params: Type.Object({ id: Uuid() }),
        response: { 200: VideoPlayback, ...guarded, 404: ProblemSchema, 409: ProblemSchema },
      },
    },
    async (req) => app.lessonVideos.playback(req.params.id),
  );
};

export default adminVideoRoutes;
