import fp from 'fastify-plugin';
import { AppMetrics, metricsRoute } from '@rian/kit/metrics';
import { sendProblem } from '@rian/kit/problem';

/** Filled by the live plugins: how many SSE clients each holds now. */
export interface LiveStats {
  clients?: () => number;
}

export interface GatewayMetricsOptions {
  /** METRICS_PORT: 0 → /metrics on the gateway's own port (development, tests) */
  port: number;
  liveAdmin: LiveStats;
  liveStreams: LiveStats;
}

/**
 * The gateway's Prometheus metrics: HTTP rate/errors/latency per route pattern (a proxied call
 * counts under `/api/<service>/*`), the upstream breakers, event-loop lag, SSE clients. A
 * service's own /metrics is never proxied: `/api/<service>/metrics` answers 404 here (D128).
 */
export const gatewayMetrics = fp<GatewayMetricsOptions>(
  async (app, opts) => {
    const metrics = new AppMetrics('gateway', opts.port);
    app.decorate('metrics', metrics);
    metrics.instrument(app);
    metrics.gauge('rian_sse_clients_admin', 'Back-office live top-bar SSE clients connected', () =>
      opts.liveAdmin.clients ? opts.liveAdmin.clients() : 0,
    );
    metrics.gauge('rian_sse_clients_stream', "Live stream comments' SSE clients connected", () =>
      opts.liveStreams.clients ? opts.liveStreams.clients() : 0,
    );
    metricsRoute(app, metrics);
    // on the public port with a METRICS_PORT: a 404, not the SPA's page
    if (opts.port)
      app.get('/metrics', { schema: { hide: true } }, (_req, reply) => sendProblem(reply, 'http.not_found'));
    app.addHook('onRequest', (req, reply, done) => {
      const path = req.url.split('?')[0]!;
      if (/^\/api\/[^/]+\/metrics(\/|$)/i.test(path)) {
        sendProblem(reply, 'http.not_found', { detail: `${req.method} ${path}` });
        return;
      }
      done();
    });
  },
  { name: 'gateway-metrics' },
);
