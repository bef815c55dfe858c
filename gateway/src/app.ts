import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { createLogger, type Logger } from '@rian/kit/logger';
import { installProblemHandlers, sendProblem } from '@rian/kit/problem';
import { gatewayMetrics, type LiveStats } from './plugins/metrics.js';
import { createRedis, type Redis } from '@rian/kit/redis';
import { TokenVerifier, type KeySource } from '@rian/kit/tokens';
import { enabledServices, trustProxySetting, type Config } from './config.js';
import { requestContext, requestIdFrom } from './plugins/request-context.js';
import { securityHeaders } from './plugins/security-headers.js';
import { rateLimits } from './plugins/rate-limit.js';
import { createUpstreamBreaker, upstreamProxy, type LimitedRoutes } from './plugins/upstream-proxy.js';
import { listenForChanges, PublicCache, ServiceCache } from './plugins/public-cache.js';
import { docs } from './plugins/docs.js';
import { health } from './plugins/health.js';
import { spa } from './plugins/spa.js';
import { liveAdmin } from './plugins/live-admin.js';
import { liveStreams } from './plugins/live-streams.js';
import { normalisePath } from './domain/normalise-path.js';

const VERSION = '0.1.0';

declare module 'fastify' {
  interface FastifyInstance {
    /** the cache of public answers, when on; `ready` resolves once it listens for changes (tests wait for it) */
    publicCache?: { cache: PublicCache; ready: Promise<void> };
  }
}

/** Sign-in, e-mail code requests and e-mail lookups: what an attacker would hammer. Paths below /api/auth. */
function authLimits(config: Config): LimitedRoutes[] {
  const login: RateLimitOptions = {
    max: config.RATE_LIMIT_LOGIN_MAX,
    timeWindow: config.RATE_LIMIT_LOGIN_WINDOW_MS,
  };
  const code: RateLimitOptions = {
    max: config.RATE_LIMIT_CODE_MAX,
    timeWindow: config.RATE_LIMIT_CODE_WINDOW_MS,
  };
  const lookup: RateLimitOptions = {
    max: config.RATE_LIMIT_LOOKUP_MAX,
    timeWindow: config.RATE_LIMIT_LOOKUP_WINDOW_MS,
  };
  return [
    { paths: ['/login', '/staff/login', '/facebook/login', '/facebook/connect'], rateLimit: login },
    // linking LINE (issue 20): each start keeps a state in Redis, each callback calls LINE
    { paths: ['/me/line/start', '/me/line/callback'], rateLimit: login },
    { paths: ['/register/code', '/password/code'], rateLimit: code },
    // each answer tells whether an e-mail has an account
    { paths: ['/register/check-email', '/password/check-email'], rateLimit: lookup },
  ];
}

/** The public booking form: a key guesser's and a form spammer's door. Paths below /api/bookings. */
function bookingLimits(config: Config): LimitedRoutes[] {
  const form: RateLimitOptions = {
    max: config.RATE_LIMIT_BOOKING_MAX,
    timeWindow: config.RATE_LIMIT_BOOKING_WINDOW_MS,
  };
  return [{ paths: ['/bookings/key-check', '/bookings', '/bookings/slips'], rateLimit: form }];
}

/** Which upstream has routes with limits of their own, by service name. */
const ROUTE_LIMITS: Partial<Record<string, (config: Config) => LimitedRoutes[]>> = {
  auth: authLimits,
  bookings: bookingLimits,
};

/**
 * The public door (never listens; see server.ts): /api/<service>/* to the services behind
 * breakers, rate limits on sign-in and code requests, the merged API docs, health of the whole,
 * and the built SPA for every other page.
 */
export async function buildGateway(
  config: Config,
  /** tokenKeys: where the gateway's own routes check tokens (default: auth's JWKS); tests pass their own */
  opts: { logger?: Logger; tokenKeys?: KeySource } = {},
): Promise<FastifyInstance> {
  const logger = opts.logger ?? createLogger('gateway', config.LOG_LEVEL);
  const services = enabledServices(config);

  const app = Fastify({
    loggerInstance: logger as unknown as FastifyBaseLogger,
    requestIdHeader: false,
    genReqId: requestIdFrom,
    trustProxy: trustProxySetting(config.TRUST_PROXY),
    // routed (and so rate-limited) by one spelling of the path, which is also what the services get
    rewriteUrl: (req) => normalisePath(req.url ?? '/'),
  });

  const redis: Redis = createRedis(config.REDIS_URL, config.RIAN_NAMESPACE);
  redis.on('error', (err) => logger.warn({ err: err.message }, 'redis error'));

  const breakers = new Map(
    services.map(({ name }) => [
      name,
      createUpstreamBreaker(
        name,
        {
          timeoutMs: config.UPSTREAM_TIMEOUT_MS,
          errorPercent: config.BREAKER_ERROR_PERCENT,
          volumeThreshold: config.BREAKER_VOLUME_THRESHOLD,
          resetMs: config.BREAKER_RESET_MS,
          windowMs: config.BREAKER_WINDOW_MS,
        },
        logger,
      ),
    ]),
  );

  const redisReady = () => redis.status === 'ready';
  app.addHook('onReady', async () => {
    if (redisReady()) return;
    // Limits are skipped while Redis is away; give it a moment at start so the first requests count.
    const ac = new AbortController();
    await Promise.race([
      once(redis, 'ready', { signal: ac.signal }),
      delay(2_000, undefined, { signal: ac.signal }),
    ]).catch(() => undefined);
    ac.abort();
    if (!redisReady())
      logger.warn({ redis: redis.status }, 'redis not reachable: rate limits are off until it is');
  });
  app.addHook('onClose', async () => {
    for (const b of breakers.values()) b.shutdown();
    if (redisReady()) await redis.quit().catch(() => redis.disconnect());
    else redis.disconnect();
  });

  installProblemHandlers(app);
  await app.register(requestContext);
  const live = { admin: {} as LiveStats, streams: {} as LiveStats };
  await app.register(gatewayMetrics, {
    port: config.METRICS_PORT,
    liveAdmin: live.admin,
    liveStreams: live.streams,
  });
  await app.register(securityHeaders, {
    contentSecurityPolicy: config.CONTENT_SECURITY_POLICY,
    ...(config.COOKIE_SECURE ? { strictTransportSecurity: `max-age=${config.HSTS_MAX_AGE_S}` } : {}),
  });
  await app.register(rateLimits, { redis });

  // public answers of the shop's reads, kept until their upstream's events say they changed (D101–D104)
  const publicCache = new PublicCache({
    maxBytes: config.GATEWAY_CACHE_MAX_BYTES,
    maxEntryBytes: config.GATEWAY_CACHE_MAX_ENTRY_BYTES,
  });
  const cachedServices = new Set(
    config.GATEWAY_CACHE_SERVICES.split(',')
      .map((s) => s.trim())
      .filter((s) => services.some((svc) => svc.name === s)),
  );
  if (publicCache.enabled && cachedServices.size) {
    const listener = listenForChanges(publicCache, {
      natsUrl: config.NATS_URL,
      namespace: config.RIAN_NAMESPACE,
      services: [...cachedServices],
      logger,
    });
    app.decorate('publicCache', { cache: publicCache, ready: listener.ready });
    app.addHook('preClose', listener.close);
  }

  for (const { name, url } of services) {
    await app.register(upstreamProxy, {
      prefix: `/api/${name}`,
      service: name,
      upstream: url,
      breaker: breakers.get(name)!,
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      ...(ROUTE_LIMITS[name] ? { limited: ROUTE_LIMITS[name](config) } : {}),
      ...(app.hasDecorator('publicCache') && cachedServices.has(name)
        ? { cache: new ServiceCache(publicCache, app, name) }
        : {}),
    });
  }

  // The spec's image paths (spec 01 §7): /api/product/{img} and /api/qr/{file} are media's public images.
  const media = services.find((s) => s.name === 'media');
  if (media) {
    for (const alias of ['product', 'qr']) {
      await app.register(upstreamProxy, {
        prefix: `/api/${alias}`,
        rewritePrefix: `/${alias}`,
        methods: ['GET', 'HEAD'],
        service: 'media',
        upstream: media.url,
        breaker: breakers.get('media')!,
        timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      });
    }
  }

  // the back office's live top bar (SSE); the gateway checks the staff token itself (D10, D24)
  const tokens = new TokenVerifier(opts.tokenKeys ?? config.AUTH_JWKS_URL, { redis });
  await app.register(liveAdmin, {
    natsUrl: config.NATS_URL,
    namespace: config.RIAN_NAMESPACE,
    tokens,
    paymentsUrl: services.find((s) => s.name === 'payments')?.url,
    heartbeatMs: config.LIVE_HEARTBEAT_MS,
    maxConnections: config.LIVE_MAX_CONNECTIONS,
    countTimeoutMs: Math.min(config.UPSTREAM_TIMEOUT_MS, 3_000),
    logger,
    stats: live.admin,
  });

  // a live stream's comments (SSE, issue 15): members who may watch it, and staff; learning decides
  const learning = services.find((s) => s.name === 'learning');
  if (learning) {
    await app.register(liveStreams, {
      natsUrl: config.NATS_URL,
      namespace: config.RIAN_NAMESPACE,
      tokens,
      learningUrl: learning.url,
      heartbeatMs: config.LIVE_HEARTBEAT_MS,
      maxConnections: config.LIVE_STREAM_MAX_CONNECTIONS,
      replayTimeoutMs: Math.min(config.UPSTREAM_TIMEOUT_MS, 5_000),
      gapWaitMs: config.LIVE_GAP_WAIT_MS,
      logger,
      stats: live.streams,
    });
  }

  await app.register(docs, { services, timeoutMs: config.DOCS_TIMEOUT_MS, version: VERSION });
  await app.register(health, { services, redis, timeoutMs: config.HEALTH_TIMEOUT_MS });

  // Anything else under /api is an API call to nothing: problem+json, never the SPA's HTML.
  const apiNotFound = (req: FastifyRequest, reply: FastifyReply) =>
    sendProblem(reply, 'http.not_found', { detail: `${req.method} ${req.url}` });
  app.all('/api', apiNotFound);
  app.all('/api/*', apiNotFound);

  await app.register(spa, { dist: config.WEB_DIST });

  return app;
}
