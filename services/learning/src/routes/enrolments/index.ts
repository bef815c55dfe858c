import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { EnrolmentList, EnrolmentSelectBody } from '@rian/proto-contracts/learning';

/** The member's own enrolments and course switch. */
const enrolmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/enrolments/mine',
    {
      preHandler: app.kit.requireUser,
      schema: {
        tags: ['enrolments'],
        summary:
          "The signed-in member's enrolments with their courses, oldest first; exactly one is selected",
        security: [{ bearer: [] }],
        response: { 200: EnrolmentList, 401: ProblemSchema, 403: ProblemSchema },
      },
    },
    async (req) => ({ items: await app.enrolments.mine(req.principal!.sub) }),
  );

  app.post(
    '/enrolments/select',
    {
      preHandler: app.kit.requireUser,
      schema: {
        tags: ['enrolments'],
        summary:
          "Course switch (spec 01 UpdateSelect): the member's enrolment in courseId becomes the selected one; answers the member's enrolments",
        security: [{ bearer: [] }],
        body: EnrolmentSelectBody,
        response: {
          200: EnrolmentList,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
        },
      },
    },
    async (req) => ({ items: await app.enrolments.select(req.principal!.sub, req.body.courseId) }),
  );
};

export default enrolmentRoutes;
