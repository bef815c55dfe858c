import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import {
  CheckoutBody,
  CheckoutQuote,
  CheckoutReply,
  MyOrdersPage,
  MyOrdersQuery,
  OrderView,
} from '@rian/proto-contracts/orders';
import { ProblemError } from '@rian/kit/errors';
import { bearerToken } from '@rian/kit/tokens';

const bearer = [{ bearer: [] }];

/** Checkout and the member's orders (spec 02 §2, §3; ARCHITECTURE §3 step 1). */
const orderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** A member or staff: staff may read any order. */
  const signedIn = async (req: FastifyRequest) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw new ProblemError('auth.unauthenticated');
    req.principal = await app.kit.tokens.verify(token);
  };

  app.post(
    '/checkout',
    {
      preHandler: app.kit.requireUser,
      schema: {
        tags: ['orders'],
        summary:
          'Places an order (status wait) for a product at a price the member may buy today (Asia/Bangkok), with an optional coupon; amounts computed here. The same Idempotency-Key and body answer the first order (200).',
        security: bearer,
        headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String()) }),
        body: CheckoutBody,
        response: {
          200: CheckoutReply,
          201: CheckoutReply,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
          409: ProblemSchema,
          422: ProblemSchema,
        },
      },
    },
    async (req, reply) => {
      const result = await app.checkout.checkout(req.principal!, req.headers['idempotency-key'], req.body);
      return reply.status(result.created ? 201 : 200).send({ order: result.order });
    },
  );

  app.post(
    '/checkout/quote',
    {
      preHandler: app.kit.requireUser,
      schema: {
        tags: ['orders'],
        summary:
          "What checkout would take for this body now (checkout's body; amounts, card fee, withholding, net, instalment schedule) by the same rules, or checkout's problem; no order is written and no coupon use taken",
        security: bearer,
        body: CheckoutBody,
        response: {
          200: CheckoutQuote,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
          409: ProblemSchema,
          422: ProblemSchema,
        },
      },
    },
    async (req) => app.checkout.quote(req.principal!, req.body),
  );

  app.get(
    '/orders/mine',
    {
      preHandler: app.kit.requireUser,
      schema: {
        tags: ['orders'],
        summary: "The signed-in member's own orders, newest first (at most 50 a page)",
        security: bearer,
        querystring: MyOrdersQuery,
        response: { 200: MyOrdersPage, 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema },
      },
    },
    async (req) => app.orderReads.mine(req.principal!.sub, req.query.page, req.query.pageSize),
  );

  app.get(
    '/orders/:id',
    {
      preHandler: signedIn,
      schema: {
        tags: ['orders'],
        summary: 'One order with its details and instalments: to its owner or staff (another member: 404)',
        security: bearer,
        params: Type.Object({ id: Uuid() }),
        response: { 200: OrderView, 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (req) => app.orderReads.one(req.principal!, req.params.id),
  );

  app.get(
    '/orders/:id/document.pdf',
    {
      preHandler: signedIn,
      schema: {
        tags: ['orders'],
        summary:
          'The order as a PDF to its owner or staff (another member: 404): a receipt/tax invoice once paid, an invoice (ใบแจ้งชำระเงิน, not a tax document) while waiting; a cancelled order has none (409)',
        security: bearer,
        params: Type.Object({ id: Uuid() }),
        produces: ['application/pdf'],
        response: {
          // bytes: fastify sends a Buffer as it is (no serializer); the schema is for the docs
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'application/pdf' }),
          400: ProblemSchema,
          401: ProblemSchema,
          404: ProblemSchema,
          409: ProblemSchema,
        },
      },
    },
    async (req, reply) => {
      const { reference, pdf } = await app.orderDocuments.pdf(req.principal!, req.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${reference}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};

export default orderRoutes;
