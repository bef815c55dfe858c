import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import { Uuid } from '@rian/proto-contracts/common';
import { ProblemSchema } from '@rian/proto-contracts/errors';

/** What a private image's reader hands back once the link checked out. */
export interface PrivateImage {
  body: Readable;
  bytes: number;
  contentType: string;
}

/**
 * GET `${path}/:slipId?exp=&sig=`: a private image (a transfer slip) at the signed short-lived link
 * its service gave staff or the buyer. `read` checks the link and answers the file, or throws the
 * service's own problem (link invalid, not found). Never cached, never sniffed. Payments' order slips
 * and bookings' booking slips are served by it.
 */
export function signedImageRoute(
  app: FastifyInstance,
  opts: {
    path: string;
    tag: string;
    summary: string;
    read: (slipId: string, exp: number, sig: string) => Promise<PrivateImage>;
  },
): void {
  app.get<{ Params: { slipId: string }; Querystring: { exp: number; sig: string } }>(
    `${opts.path}/:slipId`,
    {
      schema: {
        tags: [opts.tag],
        summary: opts.summary,
        params: Type.Object({ slipId: Uuid() }),
        querystring: Type.Object({ exp: Type.Integer(), sig: Type.String({ maxLength: 100 }) }),
        response: {
          200: {
            description: 'the image bytes (png, gif or jpeg)',
            content: Object.fromEntries(
              ['image/png', 'image/gif', 'image/jpeg'].map((t) => [
                t,
                { schema: { type: 'string', format: 'binary' } },
              ]),
            ),
          },
          400: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
        },
      },
    },
    async (req, reply) => {
      const image = await opts.read(req.params.slipId, req.query.exp, req.query.sig);
      return reply
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-length', image.bytes)
        .type(image.contentType)
        .send(image.body);
    },
  );
}
