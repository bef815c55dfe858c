import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from '@sinclair/typebox';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { cleanOriginalName } from '../../domain/original-name.js';
import {
  checkTusVersion,
  integerHeader,
  optionalIntegerHeader,
  parseMetadata,
  publicPrefix,
  TUS_CONTENT_TYPE,
  TUS_EXTENSIONS,
  TUS_VERSION,
} from './tus-headers.js';
import { ProblemError } from '@rian/kit/errors';

const Id = () => Type.String({ maxLength: 64 });
const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };
const empty = (description: string) => ({ description, type: 'null' });

/**
 * Resumable lesson-video uploads, the tus protocol 1.0.0 with the creation and termination
 * extensions (tus-js-client speaks it): POST creates, HEAD tells the offset, PATCH appends from it,
 * DELETE abandons. Staff only, on every method. A complete upload is checked by ffprobe and queued
 * for transcoding (see plugins/app/videos.ts); the asset id is the last segment of the Location.
 */
const videoUploadRoutes: FastifyPluginAsyncTypebox<{ maxBytes: number }> = async (app, { maxBytes }) => {
  // the body of a PATCH is streamed to disk by the handler, never parsed or buffered
  app.addContentTypeParser(TUS_CONTENT_TYPE, (_req, _payload, done) => done(null));

  const tus = (reply: FastifyReply) =>
    reply.header('tus-resumable', TUS_VERSION).header('cache-control', 'no-store');
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('tus-resumable', TUS_VERSION);
    return payload;
  });
  const staff = app.kit.requireStaff();

  for (const url of ['/videos/uploads', '/videos/uploads/:id']) {
    app.options(
      url,
      {
        preHandler: staff,
        schema: {
          tags: ['video uploads'],
          summary: 'tus discovery',
          response: { 204: empty('tus capabilities in the headers'), ...problems },
        },
      },
      async (_req, reply) =>
        tus(reply)
          .header('tus-version', TUS_VERSION)
          .header('tus-extension', TUS_EXTENSIONS)
          .header('tus-max-size', String(maxBytes))
          .status(204)
          .send(),
    );
  }

  app.post(
    '/videos/uploads',
    {
      preHandler: staff,
      schema: {
        tags: ['video uploads'],
        summary: 'tus creation: a new upload of Upload-Length bytes (Upload-Metadata `filename`)',
        security: [{ bearer: [] }],
        response: { 201: empty('Location: the upload'), ...problems, 412: ProblemSchema, 413: ProblemSchema },
      },
    },
    async (req, reply) => {
      checkTusVersion(req.headers);
      if (req.headers['upload-defer-length'] !== undefined) {
        throw new ProblemError('media.upload_invalid', { detail: 'Upload-Defer-Length is not supported' });
      }
      const length = integerHeader(req.headers, 'upload-length');
      if (length === 0)
        throw new ProblemError('media.upload_invalid', { detail: 'Upload-Length must be more than 0' });
      const meta = parseMetadata(req.headers['upload-metadata'] as string | undefined);
      const id = await app.videoUploads.create({
        length,
        originalName: cleanOriginalName(meta.filename ?? meta.name, 'video'),
        createdBy: req.principal?.sub ?? null,
      });
      return tus(reply)
        .header('location', `${publicPrefix(req.headers)}/videos/uploads/${id}`)
        .status(201)
        .send();
    },
  );

  app.head(
    '/videos/uploads/:id',
    {
      preHandler: staff,
      schema: {
        tags: ['video uploads'],
        summary: 'tus: how much of the upload has arrived (Upload-Offset, Upload-Length)',
        security: [{ bearer: [] }],
        params: Type.Object({ id: Id() }),
        response: {
          200: empty('Upload-Offset and Upload-Length in the headers'),
          ...problems,
          412: ProblemSchema,
        },
      },
    },
    async (req, reply) => {
      checkTusVersion(req.headers);
      const { asset, offset } = await app.videoUploads.state(req.params.id);
      return tus(reply)
        .header('upload-offset', String(offset))
        .header('upload-length', String(asset.bytes))
        .status(200)
        .send();
    },
  );

  app.patch(
    '/videos/uploads/:id',
    {
      preHandler: staff,
      schema: {
        tags: ['video uploads'],
        summary: 'tus: append bytes at Upload-Offset (Content-Type application/offset+octet-stream)',
        security: [{ bearer: [] }],
        params: Type.Object({ id: Id() }),
        response: {
          204: empty('Upload-Offset: the new offset'),
          ...problems,
          409: ProblemSchema,
          412: ProblemSchema,
          413: ProblemSchema,
          415: ProblemSchema,
        },
      },
    },
    async (req, reply) => {
      checkTusVersion(req.headers);
      if (req.headers['content-type']?.split(';')[0]?.trim().toLowerCase() !== TUS_CONTENT_TYPE) {
        throw new ProblemError('media.upload_content_type');
      }
      const offset = integerHeader(req.headers, 'upload-offset');
      const declared = optionalIntegerHeader(req.headers, 'content-length');
      const now = await app.videoUploads.append(req.params.id, offset, req.raw, declared);
      return tus(reply).header('upload-offset', String(now)).status(204).send();
    },
  );

  app.delete(
    '/videos/uploads/:id',
    {
      preHandler: staff,
      schema: {
        tags: ['video uploads'],
        summary: 'tus termination: abandon an unfinished upload',
        security: [{ bearer: [] }],
        params: Type.Object({ id: Id() }),
        response: { 204: empty('gone'), ...problems, 412: ProblemSchema },
      },
    },
    async (req, reply) => {
      checkTusVersion(req.headers);
      await app.videoUploads.terminate(req.params.id);
      return tus(reply).status(204).send();
    },
  );
};

export default videoUploadRoutes;
