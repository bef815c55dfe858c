import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { GrantMissingResult } from '@rian/proto-contracts/learning';

/** Staff: enrolments a product's past buyers miss under its current course list. */
const adminProductRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/admin/products/:productId/grant-missing',
    {
      preHandler: app.kit.requireStaff(),
      schema: {
        tags: ['admin-enrolments'],
        summary:
          'Grant every past buyer of the product the courses of its current list they miss (idempotent: a second call grants nothing)',
        security: [{ bearer: [] }],
        params: Type.Object({ productId: Uuid() }),
        response: { 200: GrantMissingResult, 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema },
      },
    },
    async (req) => app.productGrants.grantMissing(req.params.productId, req.principal!.sub),
  );
};

export default adminProductRoutes;
