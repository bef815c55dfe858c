import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { BookAddressBody, BookDeliveriesView, BookDeliveryView } from '@rian/proto-contracts/bookings';

const refusals = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema };

/** The member's book deliveries (spec 01 §2 the side panel's book-delivery button and dialog; D97). */
const memberBookDeliveryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const meta = { tags: ['book-delivery'], security: [{ bearer: [] }] };

  app.get(
    '/member/book-deliveries',
    {
      preHandler: app.kit.requireUser,
      schema: {
        ...meta,
        summary:
          "The member's own book delivery requests (one per paid order of a product with a book), newest first: state, address, dispatch flag and tracking",
        response: { 200: BookDeliveriesView, ...refusals },
      },
    },
    async (req) => app.bookDeliveries.mine(req.principal!.sub),
  );

  app.put(
    '/member/book-deliveries/:orderId',
    {
      preHandler: app.kit.requireUser,
      schema: {
        ...meta,
        summary:
          "Saves or changes the delivery address of the member's own request (spec 01 §5 rules) and tells orders (bookings.book.requested); another's 404, once sent 409",
        params: Type.Object({ orderId: Uuid() }),
        body: BookAddressBody,
        response: { 200: BookDeliveryView, ...refusals, 404: ProblemSchema, 409: ProblemSchema },
      },
    },
    async (req) => app.bookDeliveries.save(req.principal!.sub, req.params.orderId, req.body),
  );
};

export default memberBookDeliveryRoutes;
