import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import swagger from '@fastify/swagger';
import type { NatsConnection } from '@nats-io/transport-node';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import type { EventContract } from '@rian/proto-contracts/envelope';
import type { Options } from '@mikro-orm/postgresql';
import type { StaffRole } from '@rian/proto-contracts/enums';
import type { BaseServiceConfig, ServiceName } from './config.js';
import { runWithContext, type WorkContext } from './context.js';
import { createLogger, type Logger } from './logger.js';
import { databaseReachable, openOrm, type MigrationDef, type MikroORM } from './db.js';
import { BusNames, connectNats, natsReachable } from './nats.js';
import { Outbox } from './outbox.js';
import { OutboxEvent } from './kit-entities.js';
import { EventConsumer, type ConsumerSpec } from './consumer.js';
import { createRedis, redisReachable, type Redis } from './redis.js';
import { bearerToken, TokenVerifier, type KeySource, type Principal } from './tokens.js';
import { installProblemHandlers } from './problem.js';
import { AJV_OPTIONS, bodyWithoutCoercion } from './validation.js';
import { ProblemError } from './errors.js';
import { rejectUnsafeText } from './text-input.js';
import { AppMetrics, metricsRoute } from './metrics.js';

/** What a service's routes and plugins get from the kit. */
export interface Kit {
  name: string;
  config: BaseServiceConfig;
  logger: Logger;
  orm: MikroORM;
  outbox: Outbox;
  names: BusNames;
  nats: () => NatsConnection | undefined;
  /** every service has one: access-token revocations are read from it (see revocation.ts) */
  redis: Redis;
  tokens: TokenVerifier;
  /** preHandler: a signed-in member, any status (staff → 403 `auth.forbidden`) */
  requireUser: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** preHandler: a signed-in member with status Premium (other members → 403 `auth.premium_required`) */
  requirePremium: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** preHandler: signed-in staff; with 'admin', an admin only */
  requireStaff: (role?: StaffRole) => (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    kit: Kit;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
}

export type ServiceApp = FastifyInstance;
export type ServiceRoutes = FastifyPluginAsync;

export interface ServiceDefinition<C extends BaseServiceConfig> {
  /** a ServiceName for real services; tests may build throwaway ones */
  name: ServiceName | (string & {});
  description: string;
  version?: string;
  config: C;
  entities: NonNullable<Options['entities']>;
  migrations: MigrationDef[];
  routes: FastifyPluginAsync;
  consumers?: (kit: Kit) => ConsumerSpec<EventContract>[];
  /**
   * @deprecated every service now gets a Redis client (revoked access tokens are checked there);
   * the flag is ignored
   */
  redis?: boolean;
  /** start the outbox relay and consumers when the app is ready (default true) */
  workers?: boolean;
  /** where access tokens are checked against; default: the JWKS at config.AUTH_JWKS_URL */
  tokenKeys?: KeySource;
  logger?: Logger;
  /** how often the outbox relay looks for rows without a wake-up (default 500 ms; tests lengthen it) */
  outboxPollMs?: number;
  /** extra background work, started on ready and stopped on close */
  background?: (kit: Kit) => { start(): void; stop(): Promise<void> }[];
}

/** TRUSTED_PROXIES as Fastify's trustProxy: addresses, CIDRs or proxy-addr names (`loopback`, `uniquelocal`). */
export function trustedProxies(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Builds a service's Fastify app (never listens): logging with request and correlation ids,
 * problem+json errors, OpenAPI from route schemas, /healthz and /readyz, MikroORM with its
 * migrations run, the outbox relay, the event consumers, Redis and token verification.
 */
export async function buildService<C extends BaseServiceConfig>(
  def: ServiceDefinition<C>,
): Promise<ServiceApp> {
  const cfg = def.config;
  const logger = def.logger ?? createLogger(def.name, cfg.LOG_LEVEL);
  const names = new BusNames(cfg.RIAN_NAMESPACE);
  const orm = await openOrm({
    url: cfg.DATABASE_URL,
    poolMax: cfg.DATABASE_POOL_MAX,
    migrate: cfg.DATABASE_MIGRATE,
    entities: def.entities,
    migrations: def.migrations,
    logger,
  });

  let nc: NatsConnection | undefined;
  let closing = false;
  const natsReady = connectNats(cfg.NATS_URL, `${def.name}-${process.pid}`, logger, {
    replicas: cfg.EVENTS_STREAM_REPLICAS,
    maxAgeDays: cfg.EVENTS_STREAM_MAX_AGE_DAYS,
    maxBytes: cfg.EVENTS_STREAM_MAX_BYTES,
  }).then((c) => {
    if (closing) void c.close();
    else nc = c;
    return c;
  });
  natsReady.catch((err: unknown) => logger.error({ err }, 'NATS connection failed'));
  // usually NATS answers at once; if it is down the service still starts (the outbox waits)
  await Promise.race([natsReady.catch(() => undefined), new Promise((r) => setTimeout(r, 3_000).unref())]);
  if (!nc) logger.warn({ url: cfg.NATS_URL }, 'NATS not reachable yet; starting without it');
  const redis = createRedis(cfg.REDIS_URL, cfg.RIAN_NAMESPACE);
  redis.on('error', (err) => logger.warn({ err: err.message }, 'redis error'));

  const outbox = new Outbox({
    orm,
    nats: () => nc,
    names,
    source: def.name,
    logger,
    ...(def.outboxPollMs ? { pollMs: def.outboxPollMs } : {}),
  });
  // Wake the relay only after commits that wrote outbox rows (its own commits would make it spin).
  // The mark is kept per transaction (its entity manager): a relay pass that commits between the
  // business flush and the business commit must not use it up, or the event waits for the next poll.
  const wroteOutbox = new WeakSet<object>();
  orm.em.getEventManager().registerSubscriber({
    afterFlush: ({ em, uow }) => {
      if (uow.getChangeSets().some((cs) => cs.meta.className === OutboxEvent.meta.className)) {
        wroteOutbox.add(em);
        // a flush outside a transaction has committed already
        outbox.kick();
      }
    },
    afterTransactionCommit: ({ em }) => {
      if (!wroteOutbox.delete(em)) return;
      outbox.kick();
    },
  });
  const tokens = new TokenVerifier(def.tokenKeys ?? cfg.AUTH_JWKS_URL, { redis });

  const authenticate = async (req: FastifyRequest): Promise<Principal> => {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw new ProblemError('auth.unauthenticated');
    const principal = await tokens.verify(token);
    req.principal = principal;
    return principal;
  };

  const kit: Kit = {
    name: def.name,
    config: cfg,
    logger,
    orm,
    outbox,
    names,
    nats: () => nc,
    redis,
    tokens,
    requireUser: async (req) => {
      const p = await authenticate(req);
      if (p.kind !== 'user') throw new ProblemError('auth.forbidden');
    },
    requirePremium: async (req) => {
      const p = await authenticate(req);
      if (p.kind !== 'user') throw new ProblemError('auth.forbidden');
      // the token's status is current: a status change revokes the older tokens
      if (p.status !== 'Premium') throw new ProblemError('auth.premium_required');
    },
    requireStaff: (role) => async (req) => {
      const p = await authenticate(req);
      if (p.kind !== 'staff') throw new ProblemError('auth.forbidden');
      if (role === 'admin' && p.role !== 'admin') throw new ProblemError('auth.forbidden');
    },
  };

  const app = Fastify({
    loggerInstance: logger as unknown as FastifyBaseLogger,
    requestIdHeader: false,
    genReqId: (req) => {
      const h = req.headers['x-request-id'];
      return typeof h === 'string' && REQUEST_ID.test(h) ? h : uuidv7();
    },
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For only from the gateway's network: anyone else could pick their own IP
    trustProxy: trustedProxies(cfg.TRUSTED_PROXIES),
    ajv: { customOptions: AJV_OPTIONS },
  });

  app.setValidatorCompiler(bodyWithoutCoercion());
  app.decorate('kit', kit);
  const metrics = new AppMetrics(def.name, cfg.METRICS_PORT);
  app.decorate('metrics', metrics);
  metrics.instrument(app);
  metrics.watchPool(orm);
  metrics.watchOutbox(orm);
  app.decorateRequest('principal', undefined);

  const contextOf = (req: FastifyRequest): WorkContext => {
    const corr = req.headers['x-correlation-id'];
    return {
      requestId: String(req.id),
      correlationId: typeof corr === 'string' && REQUEST_ID.test(corr) ? corr : String(req.id),
    };
  };
  // Bound twice: body parsing between the two hooks can leave the async context.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    runWithContext(contextOf(req), done);
  });
  app.addHook('preHandler', (req, _reply, done) => runWithContext(contextOf(req), done));

  installProblemHandlers(app);
  app.addHook('preValidation', rejectUnsafeText);

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: `rian ${def.name}`, description: def.description, version: def.version ?? '0.1.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
  });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok', service: def.name }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const [database, natsOk, redisOk] = await Promise.all([
      databaseReachable(orm),
      natsReachable(nc),
      redisReachable(redis),
    ]);
    const checks: Record<string, boolean> = { database, nats: natsOk, redis: redisOk };
    // Only what this pod cannot serve without takes it out of the load balancer: its database.
    // NATS and Redis are shared by every pod, so their outage would take out all of them at once;
    // instead the pod degrades (the outbox holds events until NATS is back, and what needs Redis
    // answers its own 503) and says so here.
    const status = !database ? 'not-ready' : natsOk && redisOk ? 'ready' : 'degraded';
    return reply.status(database ? 200 : 503).send({ service: def.name, status, checks });
  });
  metrics.watchDependencies(async () => {
    const [database, natsOk, redisOk] = await Promise.all([
      databaseReachable(orm),
      natsReachable(nc),
      redisReachable(redis),
    ]);
    return { database, nats: natsOk, redis: redisOk };
  });
  app.get('/docs/json', { schema: { hide: true } }, async () => app.swagger());
  metricsRoute(app, metrics);

  await app.register(def.routes);

  const specs = def.consumers?.(kit) ?? [];
  const consumers = specs.map(
    (spec) => new EventConsumer({ orm, nats: () => nc, names, service: def.name, logger, metrics }, spec),
  );
  metrics.watchConsumers(
    () => nc,
    consumers.map((c, i) => ({ durable: c.durable, stream: names.stream(specs[i]!.contract.owner) })),
  );
  const background = def.background?.(kit) ?? [];
  const workers = def.workers ?? true;

  app.addHook('onReady', async () => {
    if (!workers) return;
    outbox.start();
    for (const c of consumers) c.start();
    for (const b of background) b.start();
  });
  // Closing never waits for ever on one part: after its time, say which part is still busy and go on
  // (the process is ending, or a test wants its hook back; the database drops what is left open).
  const within = async (what: string, work: Promise<unknown>, ms: number) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        logger.warn({ part: what, waitedMs: ms }, 'still stopping; closing without waiting for it');
        resolve();
      }, ms);
    });
    await Promise.race([work.catch(() => undefined), late]);
    clearTimeout(timer);
  };
  app.addHook('onClose', async () => {
    closing = true;
    await Promise.all([
      ...consumers.map((c) => within(`consumer ${c.durable}`, c.stop(), 10_000)),
      ...background.map((b) => within('background work', b.stop(), 10_000)),
      within('outbox relay', outbox.stop(), 10_000),
    ]);
    const conn = nc;
    if (conn)
      await within(
        'NATS drain',
        conn.drain().catch(() => conn.close()),
        5_000,
      );
    if (conn && !conn.isClosed()) await conn.close().catch(() => undefined);
    await within('database pool', orm.close(true), 10_000);
    // QUIT would wait for a connection that may never come back
    if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
    else redis.disconnect();
  });

  return app;
}
