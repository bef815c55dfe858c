import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { signedImageRoute } from '@rian/kit/signed-image-route';
import {
  BOOKING_SLIP_FILE_FIELD,
  BookingBody,
  BookingReceipt,
  BookingSlipUploaded,
  KeyCheckBody,
  KeyCheckView,
} from '@rian/proto-contracts/bookings';
import { fieldError, ProblemError, validationProblem } from '@rian/kit/errors';
import { SLIP_IMAGE_PATH } from '../../plugins/app/booking-slips.js';
import type { ClientLimits } from '../../plugins/app/client-limits.js';
import { optionalSignIn } from '../optional-member.js';

const KEY_PATTERN = /^[A-Za-z0-9-]{4,40}$/;
const optionalBearer: { [k: string]: string[] }[] = [{}, { bearer: [] }];

/**
 * The public booking form (spec 02 §4, §7): key check, slip upload (uploadBooking), booking; and the
 * slip image at its signed link. Public, with a member's bearer token taken when sent.
 */
const bookingFormRoutes: FastifyPluginAsyncTypebox<{ maxBytes: number; limits: ClientLimits }> = async (
  app,
  { maxBytes, limits },
) => {
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, parts: 3, fields: 2, fieldSize: 100, headerPairs: 100 },
  });
  const preHandler = optionalSignIn(app);

  app.post(
    '/bookings/key-check',
    {
      preHandler,
      schema: {
        tags: ['bookings'],
        summary: 'Check a booking key: exactly one of success, limit or used (spec 02 §4)',
        description:
          '`used`: a booking with this key exists for the e-mail given or for the signed-in member. ' +
          '`prefill` only for a signed-in member who booked before (never for an e-mail alone). ' +
          'Unknown or switched-off key → 404 `bookings.key_unknown`; too many requests or wrong keys from one IP → 429.',
        security: optionalBearer,
        body: KeyCheckBody,
        response: {
          200: KeyCheckView,
          400: ProblemSchema,
          401: ProblemSchema,
          404: ProblemSchema,
          429: ProblemSchema,
        },
      },
    },
    async (req) => app.bookings.keyCheck(req.body, req.principal, req.ip),
  );

  app.post(
    '/bookings',
    {
      preHandler,
      schema: {
        tags: ['bookings'],
        summary: 'Book with a key: status new, confirm N, quantity 1 (emits bookings.booking.created)',
        description:
          'One booking per e-mail (or signed-in member) and key, up to the key’s limit: 409 `bookings.key_limit` / ' +
          '`bookings.key_used`. `slip.id` from POST /bookings/slips with the same key (else 404 `bookings.slip_not_found`).',
        security: optionalBearer,
        body: BookingBody,
        response: {
          201: BookingReceipt,
          400: ProblemSchema,
          401: ProblemSchema,
          404: ProblemSchema,
          409: ProblemSchema,
          429: ProblemSchema,
        },
      },
    },
    async (req, reply) => reply.status(201).send(await app.bookings.create(req.body, req.principal, req.ip)),
  );

  app.post(
    '/bookings/slips',
    {
      schema: {
        tags: ['bookings'],
        summary:
          'Upload a transfer slip for a booking (uploadBooking; multipart: field `key` first, then file `slip`)',
        description:
          'The key is checked before the file is read (404 `bookings.key_unknown`); the file is capped at ' +
          'BOOKINGS_SLIP_MAX_BYTES while it streams in (413), must be png, gif or jpeg by its content (415) ' +
          'and is kept privately. Hand the id back in the booking’s `slip.id`; unclaimed slips are removed after a day.',
        consumes: ['multipart/form-data'],
        response: {
          200: BookingSlipUploaded,
          400: ProblemSchema,
          404: ProblemSchema,
          413: ProblemSchema,
          415: ProblemSchema,
          422: ProblemSchema,
          429: ProblemSchema,
          503: ProblemSchema,
        },
      },
    },
    async (req) => {
      await limits.admit(req.ip, 'bookings.slip_rate_limited');
      return readSlip(
        req,
        maxBytes,
        async (code) => {
          const { key } = await app.bookings.slipKey(code, req.ip);
          return key.id;
        },
        (keyId, file) => app.bookingSlips.keep(keyId, file),
      );
    },
  );

  signedImageRoute(app, {
    path: SLIP_IMAGE_PATH,
    tag: 'bookings',
    summary: "A booking slip's image, at the signed short-lived link staff were given",
    read: (id, exp, sig) => app.bookingSlips.image(id, exp, sig),
  });
};

/**
 * Reads the multipart body in order: the field `key` must come first and is checked (`checkKey`)
 * before a byte of the file is read; then the file `slip`, capped while it streams (413).
 */
async function readSlip<T>(
  req: FastifyRequest,
  maxBytes: number,
  checkKey: (code: string) => Promise<string>,
  keep: (keyId: string, file: Buffer) => Promise<T>,
): Promise<T> {
  if (!req.isMultipart()) throw validationProblem([fieldError('key', 'validation.required')]);
  let keyId: string | undefined;
  try {
    for await (const part of req.parts()) {
      if (!keyId) {
        const code = part.type === 'field' && part.fieldname === 'key' ? String(part.value ?? '') : '';
        if (part.type === 'file') part.file.resume();
        if (!code) throw validationProblem([fieldError('key', 'validation.required')]);
        if (!KEY_PATTERN.test(code)) throw validationProblem([fieldError('key', 'validation.format')]);
        keyId = await checkKey(code);
        continue;
      }
      if (part.type === 'file' && part.fieldname === BOOKING_SLIP_FILE_FIELD) {
        const file = await part.toBuffer();
        if (!file.length) break;
        return await keep(keyId, file);
      }
      if (part.type === 'file') part.file.resume();
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new ProblemError('bookings.slip_too_large', { extra: { maxBytes } });
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw validationProblem([fieldError('slip', 'validation.format')]);
    }
    throw err;
  }
  if (!keyId) throw validationProblem([fieldError('key', 'validation.required')]);
  throw validationProblem([fieldError('slip', 'bookings.slip_required')]);
}

export default bookingFormRoutes;
