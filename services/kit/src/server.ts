// first: tracing (when OTEL_EXPORTER_OTLP_ENDPOINT is set) must patch http before anything loads it
import '@rian/kit/tracing-start';
import { createServer } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The Prometheus text on a port of its own (METRICS_PORT), nothing else there; listens with start(). */
function metricsListener(app: FastifyInstance): { start(host: string): void } | undefined {
  if (!app.hasDecorator('metrics') || !app.metrics.port) return undefined;
  const metrics = app.metrics;
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metrics.text().then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
      (err: unknown) => {
        app.log.warn({ err }, 'metrics scrape failed');
        res.writeHead(500).end();
      },
    );
  });
  server.on('error', (err) => app.log.error({ err, port: metrics.port }, 'metrics listener failed'));
  // hooks cannot be added once the app listens
  app.addHook('onClose', async () => {
    if (server.listening) server.close();
  });
  return { start: (host) => void server.listen(metrics.port, host) };
}

/**
 * Listens and shuts down gracefully: on SIGTERM/SIGINT stop taking requests, let the ones in
 * flight finish, stop consumers and the relay, drain NATS, close the database; exit.
 */
export async function runServer(
  build: () => Promise<FastifyInstance>,
  where: { host: string; port: number },
  opts: { graceMs?: number } = {},
): Promise<FastifyInstance> {
  let app: FastifyInstance;
  try {
    app = await build();
  } catch (err) {
    // DATABASE_MIGRATE=only (kit/db.ts MigrationsDone, by name: the gateway has no database)
    if ((err as Error)?.name === 'MigrationsDone') {
      const { message, applied } = err as Error & { applied: string[] };
      process.stdout.write(`${message}: ${applied.join(', ') || 'none pending'}\n`);
      process.exit(0);
    }
    process.stderr.write(`failed to start: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  }
  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, opts.graceMs ?? 10_000);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  const metricsServer = metricsListener(app);
  try {
    await app.listen(where);
    metricsServer?.start(where.host);
  } catch (err) {
    app.log.error({ err }, 'could not listen');
    process.exit(1);
  }
  return app;
}
