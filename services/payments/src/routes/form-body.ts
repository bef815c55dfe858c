import type { FastifyInstance } from 'fastify';

/**
 * Providers post as an HTML form does (application/x-www-form-urlencoded): the 2C2P notification and
 * the browser coming back from the card page. Parsed into a flat record, in the plugin's own scope.
 */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
}
