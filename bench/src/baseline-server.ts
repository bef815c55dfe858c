/**
 * The baseline of the multi-process scenario, in a process of its own like the servers it is
 * compared with: a plain Fastify server answering fixed JSON (captured from the real service by the
 * scenario) with nothing else — no database, cache, validation or hooks.
 * Env: PORT, BASELINE_ROUTES (JSON object: route → response body, or `{ status, body }`; a route
 * is a path, answered to GET, or `POST <path>`, whose JSON body Fastify parses and the route
 * ignores; paths may have `:params`; a GET route may carry a query, `/products?page=2`, and is then
 * answered to that exact URL — one path, several answers by query, the first one the fallback).
 */
import Fastify from 'fastify';

type Answer = string | { status: number; body: string };
const routes = JSON.parse(process.env.BASELINE_ROUTES ?? '{}') as Record<string, Answer>;
const app = Fastify();
const byRoute = new Map<string, Map<string, { status: number; body: string }>>();
// a multipart body (the checkout scenario's slip upload) is read to its end and ignored
app.addContentTypeParser('multipart/form-data', (_req, payload, done) => {
  payload.resume();
  payload.once('end', () => done(null, undefined));
});
for (const [route, answer] of Object.entries(routes)) {
  const [method, url] = route.startsWith('POST ') ? ['POST', route.slice(5)] : ['GET', route];
  const path = url.split('?')[0]!;
  const key = `${method} ${path}`;
  const answers = byRoute.get(key) ?? new Map<string, { status: number; body: string }>();
  answers.set(url, typeof answer === 'string' ? { status: 200, body: answer } : answer);
  if (byRoute.has(key)) continue;
  byRoute.set(key, answers);
  const fallback = answers.get(url)!;
  app.route({
    method,
    url: path,
    handler: async (req, reply) => {
      const { status, body } = answers.size > 1 ? (answers.get(req.url) ?? fallback) : fallback;
      return reply.code(status).type('application/json').send(body);
    },
  });
}
app.get('/readyz', async () => ({ status: 'ok' }));
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
