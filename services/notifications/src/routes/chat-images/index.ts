import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ProblemError } from '@rian/kit/errors';
import { ProblemSchema } from '@rian/proto-contracts/errors';
import { CHAT_IMAGE_KEEP_DAYS, loadChatImage } from '../../plugins/app/order-image.js';

/**
 * The pictures of staff chat messages, for LINE's servers to fetch (an image message carries only
 * its URL). No token: the 256-bit random id is the capability; an unknown one is a plain 404.
 */
export const chatImageRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get(
    '/chat-images/:file',
    {
      schema: {
        tags: ['chat-images'],
        summary: 'A staff chat picture (PNG) by its unguessable id',
        params: Type.Object({ file: Type.String({ pattern: '^[A-Za-z0-9_-]{43}\\.png$' }) }),
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'image/png' }),
          404: ProblemSchema,
        },
      },
    },
    async (req, reply) => {
      const png = await loadChatImage(app.kit.orm.em.fork(), req.params.file.slice(0, -'.png'.length));
      if (!png) throw new ProblemError('http.not_found');
      return reply
        .type('image/png')
        .header('cache-control', `public, max-age=${CHAT_IMAGE_KEEP_DAYS * 86_400}, immutable`)
        .header('x-content-type-options', 'nosniff')
        .send(png);
    },
  );
};
