import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { AdminEnrolmentsPage, AdminEnrolmentsQuery } from '@rian/proto-contracts/learning';

/** Staff: every enrolment, by member and/or course. */
const adminEnrolmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/enrolments',
    {
      preHandler: app.kit.requireStaff(),
      schema: {
        tags: ['admin-enrolments'],
        summary: 'Enrolments, newest first, filtered by member (userId) and/or course (courseId)',
        security: [{ bearer: [] }],
        querystring: AdminEnrolmentsQuery,
        response: { 200: AdminEnrolmentsPage, 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema },
      },
    },
    async (req) => app.enrolments.list(req.query),
  );
};

export default adminEnrolmentRoutes;
