import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { PublicConfigReply } from '@rian/proto-contracts/auth-social';

/** What the SPA needs to know before anyone signs in (which social logins exist). */
const publicConfig: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { FACEBOOK_APP_ID, FACEBOOK_DIALOG_URL } = app.authConfig;
  const body: PublicConfigReply = {
    facebook: FACEBOOK_APP_ID ? { appId: FACEBOOK_APP_ID, dialogUrl: FACEBOOK_DIALOG_URL } : null,
  };

  r.get(
    '/public-config',
    {
      schema: {
        tags: ['config'],
        summary: 'Public sign-in settings: the Facebook app id and dialog URL, or null',
        response: { 200: PublicConfigReply },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return body;
    },
  );
};

export default publicConfig;
