import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { acceptFormBodies } from '../form-body.js';
import { CardForm, PayView, QrPayment, UnionPayRedirect } from '@rian/proto-contracts/payments';

/** base64url of the sealed ref; anything else never reaches the service */
const RefParams = Type.Object({ ref: Type.String({ pattern: '^[A-Za-z0-9_-]{20,200}$' }) });
const problems = { 400: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema };

/**
 * The payment pages' calls, by encrypted ref (spec 02 §2 /creditCard/{ref}, /creditCardSmatrPay/{ref},
 * /qrPlayment/{ref}). Public, as spec 02 §6 has "order by code or ref": the ref, sealed with a key
 * only payments holds, is the capability, and the answers carry no personal data.
 */
const payRoutes: FastifyPluginAsyncTypebox = async (app) => {
  acceptFormBodies(app);

  app.get(
    '/pay/:ref',
    {
      schema: {
        tags: ['pay'],
        summary:
          'What a payment ref pays: order no, SPSK reference, amount, payment type, status, ways to pay',
        description:
          'Public. A tampered, foreign or unknown ref → 404 payments.ref_invalid (no reason given).',
        params: RefParams,
        response: { 200: PayView, 400: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return app.gateways.payView(req.params.ref);
    },
  );

  app.post(
    '/pay/:ref/card',
    {
      schema: {
        tags: ['pay'],
        summary:
          'The hidden card form (2C2P redirect API 8.5, HMAC-SHA256 hash_value) to post to the provider',
        description:
          'Payment type 1 only (others 409 payments.method_not_allowed); paid or cancelled → 409 payments.nothing_due.',
        params: RefParams,
        /** the language of the provider's page */
        querystring: Type.Object({
          lang: Type.Optional(Type.Union([Type.Literal('th'), Type.Literal('en')])),
        }),
        response: { 200: CardForm, ...problems },
      },
    },
    async (req) => app.gateways.cardForm(req.params.ref, req.query.lang ?? 'th'),
  );

  app.post(
    '/pay/:ref/unionpay',
    {
      schema: {
        tags: ['pay'],
        summary:
          'A UnionPay charge at the provider (KBank /card/v2/charge): the address to send the browser to',
        description:
          'Payment type 1 only. Provider down → 503 payments.provider_unavailable at once (breaker).',
        params: RefParams,
        response: { 200: UnionPayRedirect, ...problems, 503: ProblemSchema },
      },
    },
    async (req) => app.gateways.unionPay(req.params.ref),
  );

  app.post(
    '/pay/:ref/qr',
    {
      schema: {
        tags: ['pay'],
        summary: 'A PromptPay QR for the amount due (made here) and the provider QR order that confirms it',
        description:
          'Payment types 4 and 8. Provider down: the QR still shows, providerOrderId null (slip review).',
        params: RefParams,
        response: { 200: QrPayment, ...problems },
      },
    },
    async (req) => app.gateways.qr(req.params.ref),
  );

  // 2C2P sends the browser back with a form POST (result_url_1); its fields are not trusted — only
  // the signed backend notification settles a payment — so the page is simply shown again
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/pay/:ref/return',
      schema: {
        tags: ['pay'],
        summary: 'The browser back from the card provider: redirected to /creditCard/{ref}?back=1',
        params: RefParams,
      },
      handler: async (req, reply) => reply.redirect(`/creditCard/${req.params.ref}?back=1`, 303),
    });
  }
};

export default payRoutes;
