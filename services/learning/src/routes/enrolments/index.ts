import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { EnrolmentList } from '@rian/proto-contracts/learning';

/** The member's own enrolments. */
const enrolmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/enrolments/mine',
    {
      preHandler: app.kit.requireUser,
      schema: {
        tags: ['enrolments'],
        summary: "The signed-in member's enrolments (courses granted by paid orders), oldest first",
        security: [{ bearer: [] }],
        response: { 200: EnrolmentList, 401: ProblemSchema, 403: ProblemSchema },
      },
    },
    async (req) => ({ items: await app.enrolments.mine(req.principal!.sub) }),
  );
};

export default enrolmentRoutes;
