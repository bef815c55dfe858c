import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { CancelByCodeBody, CancelByCodeReply } from '@rian/proto-contracts/orders-admin';

/**
 * Cancel by code (spec 02 §6 public "cancel by code", §7 orderscancelByCode): no token; the
 * order's SPSK reference is what proves the caller holds the order. Rate limited at the gateway.
 */
const cancelByCodeRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/orders/cancel-by-code',
    {
      schema: {
        tags: ['orders'],
        summary: 'Cancels an order still waiting for payment (status not), given its reference code',
        body: CancelByCodeBody,
        response: { 200: CancelByCodeReply, 400: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema },
      },
    },
    async (req) => app.adminOrders.cancelByCode(req.body.code),
  );
};

export default cancelByCodeRoute;
