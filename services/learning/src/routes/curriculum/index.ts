import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { CourseCurriculum, ProductCurriculum } from '@rian/proto-contracts/learning-content';

/**
 * A product page's curriculum (spec coursesDetailTime ViewByCourseId / ViewByProductId): the titles,
 * types and dates of the viewable sessions, nothing else. No token needed.
 */
const curriculumRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/courses/:id/curriculum',
    {
      schema: {
        tags: ['courses'],
        summary: "A course's curriculum: its viewable sessions' titles, types and dates, by date",
        params: Type.Object({ id: Uuid() }),
        response: { 200: CourseCurriculum, 400: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (req) => app.sessions.courseCurriculum(req.params.id),
  );

  app.get(
    '/products/:productId/curriculum',
    {
      schema: {
        tags: ['courses'],
        summary:
          "A product's courses (as catalog last told learning) with their curricula; a product without courses has none",
        params: Type.Object({ productId: Uuid() }),
        response: { 200: ProductCurriculum, 400: ProblemSchema },
      },
    },
    async (req) => app.sessions.productCurriculum(req.params.productId),
  );
};

export default curriculumRoutes;
