import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ProblemError } from '@rian/kit/errors';
import { mediaSignatureValid } from '@rian/kit/signed-url';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { hlsContentType } from '../../domain/hls.js';
import { validFilename, type StoredFile } from '../../storage/file-store.js';
import { hlsRef } from '../../domain/video-files.js';
import { LIVE_KIND, liveCacheControl, liveContentType, liveRef } from '../../domain/live.js';
import { DOCUMENT_KIND } from '../../plugins/app/documents.js';
import { attachment } from './content-disposition.js';

// checked by the signature and the name rules below (a bad one is a 403 or 404, never a 400 that tells which)
const Segment = () => Type.String({ maxLength: 200 });

/**
 * Private files through signed URLs (kit/signed-url.ts): `/signed/<exp>/<sig>/<kind>/<id>/<file>`,
 * the signature covering the scope `<kind>/<id>` and the expiry. `hls/<assetId>`: a ready video's
 * playlists, segments and poster; `document/<fileId>`: a document, as an attachment with its name;
 * `live/<streamId>`: a live stream's rolling playlist and segments (the local live source's), never
 * cached beyond a segment's short life.
 * A file outside the scope cannot be named (one segment, checked names); no listing exists.
 */
const signedRoutes: FastifyPluginAsyncTypebox<{ secret: string }> = async (app, { secret }) => {
  app.get(
    '/signed/:exp/:sig/:kind/:id/:file',
    {
      schema: {
        tags: ['signed files'],
        summary: 'A private file (HLS playlist, segment, poster, or a document) by a signed, expiring URL',
        params: Type.Object({
          exp: Segment(),
          sig: Segment(),
          kind: Segment(),
          id: Segment(),
          file: Segment(),
        }),
        response: {
          200: {
            description: 'the file',
            content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
          },
          403: ProblemSchema,
          404: ProblemSchema,
        },
      },
    },
    async (req, reply) => {
      const { exp, sig, kind, id, file } = req.params;
      const now = new Date();
      const expSeconds = /^\d{1,12}$/.test(exp) ? Number(exp) : NaN;
      if (!mediaSignatureValid({ scope: `${kind}/${id}`, exp: expSeconds, sig }, { secret, now })) {
        throw new ProblemError('media.signature_invalid');
      }
      if (!validFilename(file)) throw new ProblemError('media.not_found');
      // a browser or player may keep a file until its link expires, never a shared cache (set only
      // on the file itself: a 404 for a video not yet ready must not be kept)
      const maxAge = Math.max(0, Math.min(3600, expSeconds - Math.floor(now.getTime() / 1000)));
      const send = (
        r: typeof reply,
        type: string,
        stored: StoredFile,
        cache = `private, max-age=${maxAge}`,
      ) => {
        if (stored.bytes !== undefined) r.header('content-length', stored.bytes);
        return r
          .header('cache-control', cache)
          .header('x-content-type-options', 'nosniff')
          .type(type)
          .send(stored.body);
      };

      if (kind === 'hls') {
        const type = hlsContentType(file);
        if (!type || !(await app.lessonVideos.isReady(id))) throw new ProblemError('media.not_found');
        const stored = await app.fileStore.get(hlsRef(id, file));
        if (!stored) throw new ProblemError('media.not_found');
        return send(reply, type, stored);
      }
      if (kind === LIVE_KIND) {
        const type = liveContentType(file);
        if (!type) throw new ProblemError('media.not_found');
        const stored = await app.fileStore.get(liveRef(id, file));
        if (!stored) throw new ProblemError('media.not_found');
        return send(reply, type, stored, liveCacheControl(file, maxAge));
      }
      if (kind === DOCUMENT_KIND) {
        const doc = await app.privateDocuments.open(id, file);
        return send(
          reply.header('content-disposition', attachment(doc.originalName)),
          doc.contentType,
          doc.file,
        );
      }
      throw new ProblemError('media.not_found');
    },
  );
};

export default signedRoutes;
