/**
 * The baseline of the multi-process scenario, in a process of its own like the servers it is
 * compared with: a plain Fastify server answering fixed JSON (captured from the catalog by the
 * scenario) with nothing else — no database, cache, validation or hooks.
 * Env: PORT, BASELINE_ROUTES (JSON object: route path → response body).
 */
import Fastify from 'fastify';

const routes = JSON.parse(process.env.BASELINE_ROUTES ?? '{}') as Record<string, string>;
const app = Fastify();
for (const [path, body] of Object.entries(routes)) {
  app.get(path, async (_req, reply) => reply.type('application/json').send(body));
}
app.get('/readyz', async () => ({ status: 'ok' }));
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
