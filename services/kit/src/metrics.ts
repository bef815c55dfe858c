import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import type { MikroORM } from '@mikro-orm/postgresql';
import { breakerStates } from './breaker.js';

/** What happened to one delivery of an event (label `outcome` of rian_events_consumed_total). */
export type ConsumeOutcome = 'handled' | 'duplicate' | 'retry' | 'dead_letter';

/** The consumers whose lag is read on scrape: durable name and the stream it reads. */
export interface ConsumerRef {
  durable: string;
  stream: string;
}

/**
 * One Prometheus registry per app (tests build several apps in one process; the default global
 * registry would mix them). Everything here is cheap on the hot path: a counter and a histogram per
 * request; the rest (pool, outbox, consumer lag, breakers) is read when /metrics is scraped.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status_code'>;
  private readonly duration: Histogram<'method' | 'route' | 'status_code'>;
  private readonly consumedTotal: Counter<'consumer' | 'outcome'>;
  private readonly redeliveries: Counter<'consumer'>;
  private readonly deadLetters: Counter<'consumer'>;

  /**
   * @param port METRICS_PORT: when set, runServer serves the text there and the app's own port has
   * no /metrics
   */
  constructor(
    readonly service: string,
    readonly port = 0,
  ) {
    this.registry.setDefaultLabels({ service });
    // process CPU/memory/GC and nodejs_eventloop_lag_* (seconds)
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route pattern (never the raw URL) and status',
      labelNames: ['method', 'route', 'status_code'],
      registers: [this.registry],
    });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from request to response, by route pattern',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.consumedTotal = new Counter({
      name: 'rian_events_consumed_total',
      help: 'Event deliveries a consumer finished: handled, duplicate (inbox skip), retry (nak), dead_letter',
      labelNames: ['consumer', 'outcome'],
      registers: [this.registry],
    });
    this.redeliveries = new Counter({
      name: 'rian_event_redeliveries_total',
      help: 'Deliveries that were not the first of their message',
      labelNames: ['consumer'],
      registers: [this.registry],
    });
    this.deadLetters = new Counter({
      name: 'rian_dead_letters_total',
      help: 'Events sent to the dead-letter subject',
      labelNames: ['consumer'],
      registers: [this.registry],
    });
    const states = { closed: 0, half_open: 1, open: 2 } as const;
    new Gauge({
      name: 'rian_breaker_state',
      help: 'Circuit breaker state by name: 0 closed, 1 half-open, 2 open',
      labelNames: ['breaker'],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [name, state] of breakerStates()) this.set({ breaker: name }, states[state]);
      },
    });
  }

  /** Counts one finished delivery (called by the consumer). */
  consumed(consumer: string, outcome: ConsumeOutcome, deliveryCount = 1): void {
    this.consumedTotal.inc({ consumer, outcome });
    if (deliveryCount > 1) this.redeliveries.inc({ consumer });
    if (outcome === 'dead_letter') this.deadLetters.inc({ consumer });
    // the series exist from the first delivery on, so rate() and increase() see the first dead letter
    else this.deadLetters.inc({ consumer }, 0);
  }

  /** HTTP rate, errors and latency per route pattern; `/metrics` itself is not counted. */
  instrument(app: FastifyInstance): void {
    app.addHook('onResponse', (req, reply, done) => {
      const route = req.routeOptions.url ?? 'unmatched';
      if (route !== '/metrics') {
        const labels = { method: req.method, route, status_code: String(reply.statusCode) };
        this.requests.inc(labels);
        this.duration.observe(labels, reply.elapsedTime / 1000);
      }
      done();
    });
  }

  /** Database pool: used / free / pending acquires of MikroORM's knex (tarn) pool. */
  watchPool(orm: MikroORM): void {
    const pool = () => {
      try {
        return (
          orm.em.getConnection().getKnex() as unknown as {
            client: { pool?: { numUsed(): number; numFree(): number; numPendingAcquires(): number } };
          }
        ).client.pool;
      } catch {
        return undefined;
      }
    };
    const gauge = (name: string, help: string, read: (p: NonNullable<ReturnType<typeof pool>>) => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          const p = pool();
          if (p) this.set(read(p));
        },
      });
    gauge('rian_db_pool_used', 'Database connections in use', (p) => p.numUsed());
    gauge('rian_db_pool_free', 'Idle database connections in the pool', (p) => p.numFree());
    gauge('rian_db_pool_pending', 'Callers waiting for a database connection', (p) => p.numPendingAcquires());
  }

  /** Outbox backlog and the age of its oldest unpublished row: one query per scrape. */
  watchOutbox(orm: MikroORM): void {
    let last: Promise<{ n: number; age: number }> | undefined;
    // both gauges are collected in one scrape: share the query
    const read = () =>
      (last ??= orm.em
        .fork()
        .getConnection()
        .execute(
          `select count(*)::int as n,
                  coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as age
             from kit_outbox where published_at is null`,
        )
        .then((rows) => (rows as { n: number; age: number }[])[0] ?? { n: 0, age: 0 })
        .finally(() => setImmediate(() => (last = undefined))));
    new Gauge({
      name: 'rian_outbox_backlog',
      help: 'Outbox rows not yet published',
      registers: [this.registry],
      async collect() {
        this.set((await read().catch(() => ({ n: -1 }))).n);
      },
    });
    new Gauge({
      name: 'rian_outbox_oldest_age_seconds',
      help: 'Age of the oldest unpublished outbox row (0 when none)',
      registers: [this.registry],
      async collect() {
        this.set((await read().catch(() => ({ age: -1 }))).age);
      },
    });
  }

  /** JetStream consumer lag per durable (num_pending / num_ack_pending), read on scrape with a short timeout. */
  watchConsumers(nats: () => NatsConnection | undefined, consumers: ConsumerRef[], timeoutMs = 1_000): void {
    if (!consumers.length) return;
    let last: Promise<Map<string, { pending: number; ackPending: number }>> | undefined;
    const read = () =>
      (last ??= (async () => {
        const out = new Map<string, { pending: number; ackPending: number }>();
        const nc = nats();
        if (!nc || nc.isClosed()) return out;
        const jsm = await jetstreamManager(nc, { timeout: timeoutMs });
        await Promise.all(
          consumers.map(async (c) => {
            const info = await jsm.consumers.info(c.stream, c.durable).catch(() => undefined);
            if (info) out.set(c.durable, { pending: info.num_pending, ackPending: info.num_ack_pending });
          }),
        );
        return out;
      })()
        .catch(() => new Map())
        .finally(() => setImmediate(() => (last = undefined))));
    new Gauge({
      name: 'rian_consumer_pending',
      help: 'Messages in the stream the durable consumer has not been given yet (JetStream num_pending)',
      labelNames: ['consumer'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const [consumer, v] of await read()) this.set({ consumer }, v.pending);
      },
    });
    new Gauge({
      name: 'rian_consumer_ack_pending',
      help: 'Messages given to the consumer and not yet acknowledged (JetStream num_ack_pending)',
      labelNames: ['consumer'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const [consumer, v] of await read()) this.set({ consumer }, v.ackPending);
      },
    });
  }

  /** What /readyz checks, as 1 (reachable) or 0 per dependency: degraded pods stay in rotation, so alert on this. */
  watchDependencies(checks: () => Promise<Record<string, boolean>>): void {
    new Gauge({
      name: 'rian_dependency_up',
      help: 'Whether a dependency /readyz checks answers (1) or not (0): database, nats, redis',
      labelNames: ['dependency'],
      registers: [this.registry],
      async collect() {
        for (const [dependency, up] of Object.entries(await checks())) this.set({ dependency }, up ? 1 : 0);
      },
    });
  }

  /** A gauge read on scrape (e.g. the gateway's SSE clients). */
  gauge(name: string, help: string, read: () => number): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  /** Prometheus text for a scrape. */
  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

/**
 * `/metrics` on the app's own port, hidden from the OpenAPI document. Served only when
 * METRICS_PORT is 0 (development, tests); with a METRICS_PORT the app's port answers 404 and
 * runServer serves the text on that port alone (see D128).
 */
export function metricsRoute(app: FastifyInstance, metrics: AppMetrics): void {
  if (metrics.port) return;
  app.get('/metrics', { schema: { hide: true } }, async (_req, reply) => {
    const { contentType, body } = await metrics.text();
    return reply.type(contentType).send(body);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}
