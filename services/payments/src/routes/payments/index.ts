import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import { Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { signedImageRoute } from '@rian/kit/signed-image-route';
import { OrderPaymentsView, SLIP_FILE_FIELD } from '@rian/proto-contracts/payments';
import { ProblemError } from '@rian/kit/errors';
import { bearerToken } from '@rian/kit/tokens';
import type { SlipUpload } from '../../plugins/app/payments.js';

const bearer = [{ bearer: [] }];

/** The multipart body: text fields and the one file in field `slip` (others are read past). */
async function readSlipUpload(req: FastifyRequest, maxBytes: number): Promise<SlipUpload> {
  const upload: SlipUpload = { fields: {}, file: undefined };
  if (!req.isMultipart()) return upload;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') upload.fields[part.fieldname] = part.value;
      } else if (part.fieldname === SLIP_FILE_FIELD) {
        upload.file = await part.toBuffer();
      } else {
        part.file.resume();
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new ProblemError('media.file_too_large', { extra: { maxBytes } });
    }
    if (code === 'FST_FILES_LIMIT') throw new ProblemError('media.one_file');
    throw err;
  }
  return upload;
}

/** The buyer's payments: what is due, slip upload, slip images at signed URLs (ARCHITECTURE §3 step 3). */
const paymentRoutes: FastifyPluginAsyncTypebox<{ maxBytes: number }> = async (app, { maxBytes }) => {
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, parts: 10, fields: 8, fieldSize: 1024, headerPairs: 100 },
  });

  /** A member or staff: staff may read any order's payments. */
  const signedIn = async (req: FastifyRequest) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw new ProblemError('auth.unauthenticated');
    req.principal = await app.kit.tokens.verify(token);
  };

  app.get(
    '/payments/:orderId',
    {
      preHandler: signedIn,
      schema: {
        tags: ['payments'],
        summary:
          "An order's payment attempts (one per instalment for type 8) and the slips sent, with signed image URLs",
        description: "The order's buyer or staff; anyone else gets 404.",
        security: bearer,
        params: Type.Object({ orderId: Uuid() }),
        response: { 200: OrderPaymentsView, 401: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (req) => app.payments.view(req.principal!, req.params.orderId),
  );

  app.post(
    '/payments/:orderId/slip',
    {
      preHandler: app.kit.requireUser,
      schema: {
        tags: ['payments'],
        summary:
          'Send a bank-transfer slip for the next amount due (multipart: slip, paymentDate, paymentTime)',
        description:
          "The order's buyer only. `slip`: png, gif or jpeg, checked by content, re-encoded without " +
          'metadata and kept privately. `paymentDate` yyyy-mm-dd and `paymentTime` HH:mm (24-hour) are ' +
          'required ("กรุณากรอกข้อมูล"). The attempt then waits for staff (status wait); emits payments.slip.submitted. ' +
          'A slip already waiting or nothing due → 409 and a picture larger than PAYMENTS_SLIP_MAX_PIXELS by its header → 413, ' +
          'both before any decode; a member sending more than PAYMENTS_SLIP_UPLOADS_PER_WINDOW → 429; all decode slots busy → 503.',
        security: bearer,
        consumes: ['multipart/form-data'],
        params: Type.Object({ orderId: Uuid() }),
        response: {
          201: OrderPaymentsView,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
          409: ProblemSchema,
          413: ProblemSchema,
          415: ProblemSchema,
          422: ProblemSchema,
          429: ProblemSchema,
          503: ProblemSchema,
        },
      },
    },
    async (req, reply) => {
      // counted before the body is read: a flood costs the member their allowance, not our memory
      await app.payments.admitUpload(req.principal!);
      const upload = await readSlipUpload(req, maxBytes);
      const view = await app.payments.submitSlip(req.principal!, req.params.orderId, upload);
      void app.slipCountFeed.changed();
      return reply.status(201).send(view);
    },
  );

  signedImageRoute(app, {
    path: '/payments/slips',
    tag: 'payments',
    summary: "A slip's image, at the signed short-lived URL an attempt view gave",
    read: (id, exp, sig) => app.payments.slipImage(id, exp, sig),
  });
};

export default paymentRoutes;
