import fp from 'fastify-plugin';

/**
 * Shop reads whose answer depends on the URL alone (no token, no clock) and whose every change the
 * catalog announces on the bus (products, packages, coaches and their links): what a shared cache
 * (the gateway's, D101) may keep. Route patterns, as Fastify names them.
 */
export const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  '/products',
  '/products/by-url/:url',
  '/packages',
  '/packages/:id',
  '/coaches',
  '/coaches/:id',
  '/coaches/:coachId/products',
  '/products/:productId/coaches',
]);

/**
 * `Cache-Control` on every catalog answer: a 200 to a GET of a public route is
 * `public, max-age=0, s-maxage=<sharedMaxAgeSeconds>, stale-while-revalidate=<staleSeconds>`
 * (browsers ask again each time, cheaply with the gateway's ETag; the gateway keeps it until the
 * catalog's events say it changed, or s-maxage at most); everything else — a member's prices, staff
 * views, any 4xx/5xx — is `private, no-store` unless the route said otherwise itself.
 */
export default fp<{ sharedMaxAgeSeconds: number; staleSeconds: number }>(
  async (app, opts) => {
    const publicValue =
      opts.sharedMaxAgeSeconds > 0
        ? `public, max-age=0, s-maxage=${opts.sharedMaxAgeSeconds}, stale-while-revalidate=${opts.staleSeconds}`
        : 'no-cache';
    app.addHook('onSend', (req, reply, payload, done) => {
      if (!reply.hasHeader('cache-control')) {
        const isPublic =
          (req.method === 'GET' || req.method === 'HEAD') &&
          reply.statusCode === 200 &&
          PUBLIC_ROUTES.has(req.routeOptions.url ?? '');
        reply.header('cache-control', isPublic ? publicValue : 'private, no-store');
      }
      done(null, payload);
    });
  },
  { name: 'catalog-cache-control' },
);
