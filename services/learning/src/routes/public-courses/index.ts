import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { PublicCourseList, PublicPreview } from '@rian/proto-contracts/learning-public';

/** The public course pages (spec 01 §2 /course, /course/video/{id}): no token. */
const publicCourseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/courses/public',
    {
      schema: {
        tags: ['courses'],
        summary:
          'Courses on sale (open, in a product): curriculum, instructors, free previews and the products that grant them; cached briefly',
        response: { 200: PublicCourseList },
      },
    },
    async () => app.publicCourses.list(),
  );

  app.get(
    '/courses/public/videos/:id',
    {
      schema: {
        tags: ['courses'],
        summary:
          "A free preview's playback (an upload's playlist signed, short-lived); 404 unless marked preview, shown and its course on sale",
        params: Type.Object({ id: Uuid() }),
        response: { 200: PublicPreview, 400: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (req, reply) => {
      // a signed URL expires: shared caches must not keep it
      void reply.header('cache-control', 'no-store');
      return app.publicCourses.preview(req.params.id);
    },
  );
};

export default publicCourseRoutes;
