import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { Uuid } from '@rian/proto-contracts/common';
import {
  VideoAssetListQuery,
  VideoAssetPage,
  VideoAssetView,
  VideoPlayback,
} from '@rian/proto-contracts/media-assets';

const guarded = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema };

/** /admin/video's view of lesson video assets: status, progress, errors, and a signed preview. Any staff. */
const adminVideoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/videos',
    {
      preHandler: app.kit.requireStaff(),
      schema: {
        tags: ['admin videos'],
        summary: 'Lesson video assets, newest first, optionally of one status',
        security: [{ bearer: [] }],
        querystring: VideoAssetListQuery,
        response: { 200: VideoAssetPage, ...guarded },
      },
    },
    async (req) => app.videos.list(req.query),
  );

  app.get(
    '/admin/videos/:id',
    {
      preHandler: app.kit.requireStaff(),
      schema: {
        tags: ['admin videos'],
        summary: 'One lesson video asset',
        security: [{ bearer: [] }],
        params: Type.Object({ id: Uuid() }),
        response: { 200: VideoAssetView, ...guarded, 404: ProblemSchema },
      },
    },
    async (req) => app.videos.get(req.params.id),
  );

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
    async (req) => app.videos.playback(req.params.id),
  );
};

export default adminVideoRoutes;
