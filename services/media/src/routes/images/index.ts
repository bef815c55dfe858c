import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { IMAGE_CONTENT_TYPES, ImageKindSchema, ImageStored } from '@rian/proto-contracts/media';
import { readUploadedFile } from './read-upload.js';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

// names are checked by the service (an unknown one is a 404, not a 400): here only a sane length
const Name = () => Type.String({ maxLength: 200 });

const imageResponse = {
  200: {
    description: 'the image bytes; cached for a year (a name never changes)',
    content: Object.fromEntries(
      IMAGE_CONTENT_TYPES.map((t) => [t, { schema: { type: 'string', format: 'binary' } }]),
    ),
  },
  304: { description: 'not modified (If-None-Match)', type: 'null' },
  404: ProblemSchema,
};

/**
 * Image uploads (staff) and reads (anyone). The spec's field is `images`; one file per request.
 * Reads also answer at the spec's /product/{img} and /qr/{file}.
 */
const imageRoutes: FastifyPluginAsyncTypebox<{ maxBytes: number }> = async (app, { maxBytes }) => {
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, parts: 10, fields: 10, fieldSize: 1024, headerPairs: 100 },
  });

  app.post(
    '/images/:kind',
    {
      preHandler: app.kit.requireStaff(),
      schema: {
        tags: ['images'],
        summary: 'Upload an image (multipart field `images`): checked by content, re-encoded, stored',
        description:
          'PNG, JPEG, GIF or WebP, by content whatever the name says. Metadata is removed, the ' +
          'orientation applied, the longer side capped. Emits media.file.stored for a new file.',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        params: Type.Object({ kind: ImageKindSchema }),
        response: {
          200: ImageStored,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          413: ProblemSchema,
          415: ProblemSchema,
          422: ProblemSchema,
        },
      },
    },
    async (req) => {
      const upload = await readUploadedFile(req, 'images', maxBytes);
      return app.images.store(req.params.kind, upload, req.principal?.sub ?? null);
    },
  );

  const serve = async (req: FastifyRequest, reply: FastifyReply, kind: string, filename: string) => {
    const image = await app.images.open(kind, filename);
    reply
      .header('cache-control', IMMUTABLE)
      .header('etag', image.etag)
      .header('x-content-type-options', 'nosniff')
      .type(image.contentType);
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === image.etag)) {
      image.file.body.destroy();
      return reply.status(304).send();
    }
    if (image.file.bytes !== undefined) reply.header('content-length', image.file.bytes);
    return reply.send(image.file.body);
  };

  app.get(
    '/images/:kind/:filename',
    {
      schema: {
        tags: ['images'],
        summary: 'An image, by the name its upload answered',
        params: Type.Object({ kind: Name(), filename: Name() }),
        response: imageResponse,
      },
    },
    async (req, reply) => serve(req, reply, req.params.kind, req.params.filename),
  );

  app.get(
    '/product/:img',
    {
      schema: {
        tags: ['images'],
        summary: 'Spec alias: a product image (/api/product/{img})',
        params: Type.Object({ img: Name() }),
        response: imageResponse,
      },
    },
    async (req, reply) => serve(req, reply, 'product', req.params.img),
  );

  app.get(
    '/qr/:file',
    {
      schema: {
        tags: ['images'],
        summary: 'Spec alias: a QR image (/api/qr/{file})',
        params: Type.Object({ file: Name() }),
        response: imageResponse,
      },
    },
    async (req, reply) => serve(req, reply, 'qr', req.params.file),
  );
};

export default imageRoutes;
