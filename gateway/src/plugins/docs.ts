import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { mergeOpenApi, type OpenApiDoc, type ServiceDoc } from '../domain/merge-openapi.js';

export interface DocsOptions {
  services: { name: string; url: string }[];
  timeoutMs: number;
  version: string;
}

const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Rian API</title>
    <link rel="stylesheet" href="/api/docs/static/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/static/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

// A file of its own, not an inline script: the Content-Security-Policy allows scripts from self only.
const INIT_JS = `window.ui = SwaggerUIBundle({ url: '/api/docs/json', dom_id: '#swagger-ui', deepLinking: true });\n`;

/**
 * GET /api/docs/json: the services' OpenAPI documents merged into one (paths under /api/<service>);
 * a service that does not answer is named in info.x-unavailable instead of failing the whole.
 * GET /api/docs: Swagger UI over it.
 */
export const docs: FastifyPluginAsync<DocsOptions> = async (app, opts) => {
  app.get('/api/docs/json', async (req) => {
    const fetched = await Promise.all(
      opts.services.map(async ({ name, url }): Promise<ServiceDoc | string> => {
        try {
          const res = await fetch(`${url}/docs/json`, { signal: AbortSignal.timeout(opts.timeoutMs) });
          if (!res.ok) throw new Error(`status ${res.status}`);
          return { service: name, prefix: `/api/${name}`, doc: (await res.json()) as OpenApiDoc };
        } catch (err) {
          req.log.warn({ service: name, err: (err as Error).message }, 'service docs unavailable');
          return name;
        }
      }),
    );
    return mergeOpenApi(
      fetched.filter((d): d is ServiceDoc => typeof d !== 'string'),
      {
        title: 'Rian API',
        version: opts.version,
        description:
          'Every service of Rian behind the gateway. Errors are application/problem+json (RFC 9457).',
        unavailable: fetched.filter((d): d is string => typeof d === 'string'),
      },
    );
  });

  const index = async (_req: unknown, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(INDEX_HTML);
  app.get('/api/docs', index);
  app.get('/api/docs/', index);
  app.get('/api/docs/init.js', async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').send(INIT_JS),
  );

  await app.register(fastifyStatic, {
    root: swaggerUiDir,
    prefix: '/api/docs/static/',
    decorateReply: false,
    index: false,
  });
};
