import type { FastifyPluginAsync } from 'fastify';

/** Public keys services verify access tokens with. */
const jwks: FastifyPluginAsync = async (app) => {
  app.get(
    '/.well-known/jwks.json',
    { schema: { tags: ['keys'], summary: 'JSON Web Key Set of the token-signing keys' } },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return app.signingKeys.publicJwks;
    },
  );
};

export default jwks;
