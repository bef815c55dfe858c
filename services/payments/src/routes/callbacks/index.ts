import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { acceptFormBodies } from '../form-body.js';

const Received = Type.Object({ received: Type.Literal(true) });
const refused = { 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema, 422: ProblemSchema };

/**
 * The providers' server-to-server notifications. Each is verified (signature, merchant, currency,
 * amount equal to what is due) before anything changes: forged → 4xx problem and nothing changes;
 * a replay → 200 and nothing changes; a valid success → the attempt is paid, one event.
 */
const callbackRoutes: FastifyPluginAsyncTypebox = async (app) => {
  acceptFormBodies(app);

  app.post(
    '/callbacks/2c2p',
    {
      schema: {
        tags: ['callbacks'],
        summary: "2C2P's backend notification (result_url_2) of a card payment, signed with hash_value",
        consumes: ['application/x-www-form-urlencoded'],
        body: Type.Record(Type.String(), Type.String()),
        response: { 200: Received, ...refused },
      },
    },
    async (req) => {
      await app.gateways.card2c2pNotified(req.body);
      return { received: true as const };
    },
  );

  app.post(
    '/callbacks/kbank',
    {
      schema: {
        tags: ['callbacks'],
        summary:
          "KBank K-Payment Gateway's notification of a UnionPay charge or QR payment, with its checksum",
        body: Type.Record(Type.String(), Type.Unknown()),
        response: { 200: Received, ...refused },
      },
    },
    async (req) => {
      await app.gateways.kbankNotified(req.body);
      return { received: true as const };
    },
  );

  app.get(
    '/callbacks/kbank/return',
    {
      schema: {
        tags: ['callbacks'],
        summary: "The browser back from KBank's page: redirected to its payment page (or /orders)",
        querystring: Type.Object({ reference_order: Type.Optional(Type.String({ maxLength: 40 })) }),
      },
    },
    async (req, reply) => reply.redirect(await app.gateways.returnPage(req.query.reference_order ?? ''), 303),
  );
};

export default callbackRoutes;
