import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { KnownCoursesPage, KnownCoursesQuery } from '@rian/proto-contracts/catalog-commerce';

/** Staff: learning's courses catalog knows (what a product's courses are picked from), by title. */
const knownCourseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/learning-courses',
    {
      preHandler: app.kit.requireStaff(),
      schema: {
        tags: ['admin product courses'],
        summary: "Learning's courses a product may grant: q matches title or code; ids= exactly those",
        security: [{ bearer: [] }],
        querystring: KnownCoursesQuery,
        response: { 200: KnownCoursesPage, 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema },
      },
    },
    async (req) => app.knownCourses.list(req.query),
  );
};

export default knownCourseRoutes;
