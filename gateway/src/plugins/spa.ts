import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendProblem } from '@rian/kit/problem';

export interface SpaOptions {
  /** absolute path of the Vite build */
  dist: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

const NOT_BUILT = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Rian: the web app is not built</title></head>
  <body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
    <h1>The web app is not built</h1>
    <p>The gateway is running, but it has no built SPA to serve. Build it, then reload this page:</p>
    <pre><code>npm run build -w @rian/web</code></pre>
    <p lang="th">ยังไม่ได้ build หน้าเว็บ: รันคำสั่งด้านบนแล้วโหลดหน้านี้ใหม่</p>
    <p>The API is available under <a href="/api/docs">/api/docs</a>.</p>
  </body>
</html>
`;

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isFile(),
    () => false,
  );
}

function acceptsHtml(req: FastifyRequest): boolean {
  return String(req.headers.accept ?? '').includes('text/html');
}

/**
 * A plain `curl /` or a crawler accepts anything: a page-like path (`/`, `/product/x`, not
 * `/logo.png`) still gets the app. An explicit JSON client gets the 404 problem.
 */
function wantsPage(req: FastifyRequest, path: string): boolean {
  if (acceptsHtml(req)) return true;
  const accept = String(req.headers.accept ?? '*/*');
  return accept.includes('*/*') && !/\.[A-Za-z0-9]{1,8}$/.test(path);
}

/**
 * The built SPA. Files from the build are served as they are, or their brotli or gzip copy made at
 * build when the browser takes it (hashed /assets/ cached for a year, everything else revalidated); any other page a browser asks for gets index.html, so client-side
 * routes and the SPA's own 404 page work on reload. Without a build: a 503 page saying how to make one.
 * The dist folder is looked at per request, so building while the gateway runs is enough.
 */
export const spa: FastifyPluginAsync<SpaOptions> = async (app, opts) => {
  const root = resolve(opts.dist);
  await app.register(fastifyStatic, {
    root,
    serve: false,
    cacheControl: false,
    dotfiles: 'deny',
    index: false,
    // the build writes <file>.br and <file>.gz (web/vite.config.ts); picked by Accept-Encoding, br first
    preCompressed: true,
  });

  const sendIndex = async (reply: FastifyReply) => {
    if (!(await isFile(resolve(root, 'index.html')))) {
      return reply
        .status(503)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(NOT_BUILT);
    }
    return reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').sendFile('index.html');
  };

  app.get('/*', async (req, reply) => {
    const wanted = (req.params as { '*': string })['*'];
    const file = resolve(root, wanted);
    const inside = file.startsWith(root + sep) && !wanted.split('/').some((seg) => seg.startsWith('.'));
    if (wanted && inside && (await isFile(file))) {
      const hashed = wanted.startsWith('assets/');
      return reply
        .header('cache-control', hashed ? IMMUTABLE : 'no-cache')
        .header('vary', 'accept-encoding')
        .sendFile(wanted);
    }
    if (inside || !wanted) {
      if (wantsPage(req, wanted) && !wanted.startsWith('assets/')) return sendIndex(reply);
    }
    return sendProblem(reply, 'http.not_found', { detail: `${req.method} ${req.url}` });
  });
};
