import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { ImageListQuery, MediaImagePage } from '@rian/proto-contracts/media';

/** The back office's record of uploaded images: any staff member. */
const adminImageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/images',
    {
      preHandler: app.kit.requireStaff(),
      schema: {
        tags: ['admin images'],
        summary: 'Stored images, newest first, optionally of one kind',
        security: [{ bearer: [] }],
        querystring: ImageListQuery,
        response: { 200: MediaImagePage, 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema },
      },
    },
    async (req) => app.images.list(req.query),
  );
};

export default adminImageRoutes;
