import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { ProblemError } from '@rian/kit/errors';
import { bearerToken } from '@rian/kit/tokens';
import { CancelByCodeBody, CancelByCodeReply } from '@rian/proto-contracts/orders-admin';

/**
 * Cancel by code (spec 02 §7 orderscancelByCode). The spec lists it as public, but SPSK references
 * are sequential and guessable, so a reference alone proves nothing: the caller must be signed in,
 * and a member may cancel only their own order (someone else's answers 404, as if unknown); staff
 * may cancel any (docs/decisions.md D18).
 */
const cancelByCodeRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/orders/cancel-by-code',
    {
      schema: {
        tags: ['orders'],
        summary: 'Cancels an order still waiting for payment (status not), given its reference code',
        body: CancelByCodeBody,
        security: [{ bearer: [] }],
        response: {
          200: CancelByCodeReply,
          400: ProblemSchema,
          401: ProblemSchema,
          404: ProblemSchema,
          409: ProblemSchema,
        },
      },
      preHandler: async (req) => {
        const token = bearerToken(req.headers.authorization);
        if (!token) throw new ProblemError('auth.unauthenticated');
        req.principal = await app.kit.tokens.verify(token);
      },
    },
    async (req) =>
      app.adminOrders.cancelByCode(
        req.body.code,
        req.principal?.kind === 'user' ? req.principal.sub : undefined,
      ),
  );
};

export default cancelByCodeRoute;
