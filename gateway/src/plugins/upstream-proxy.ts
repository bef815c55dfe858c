import { PassThrough, Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import httpProxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { createBreaker, type Breaker } from '@rian/kit/breaker';
import { sendProblem } from '@rian/kit/problem';

/** One outcome per proxied call: resolved when the upstream answered, rejected when it could not be reached. */
type Outcome = () => Promise<void>;
export type UpstreamBreaker = Breaker<[Outcome], void>;

export interface BreakerSettings {
  errorPercent: number;
  volumeThreshold: number;
  resetMs: number;
  windowMs: number;
}

export function createUpstreamBreaker(
  service: string,
  settings: BreakerSettings & { timeoutMs: number },
  logger: Parameters<typeof createBreaker>[1]['logger'],
): UpstreamBreaker {
  return createBreaker<[Outcome], void>((run) => run(), {
    name: `upstream:${service}`,
    logger,
    // The request itself times out at timeoutMs (undici); this is only a backstop.
    timeoutMs: settings.timeoutMs + 1_000,
    errorThresholdPercentage: settings.errorPercent,
    volumeThreshold: settings.volumeThreshold,
    resetTimeoutMs: settings.resetMs,
    rollingCountTimeoutMs: settings.windowMs,
  });
}

export interface LimitedRoutes {
  /** paths below the service prefix, POST only */
  paths: string[];
  rateLimit: RateLimitOptions;
}

export interface UpstreamProxyOptions {
  service: string;
  upstream: string;
  breaker: UpstreamBreaker;
  timeoutMs: number;
  limited?: LimitedRoutes[];
  /** the upstream path the prefix maps to (default: its root), for aliases such as /api/product → media /product */
  rewritePrefix?: string;
  /** methods routed (default: all) */
  methods?: string[];
}

/**
 * `/api/<service>/*` → `<upstream>/*`. Every call goes through the upstream's breaker: a refused,
 * reset or silent upstream answers 503 problem+json, and once the breaker opens, so does every
 * call at once until a trial call succeeds. Upstream answers (4xx and 5xx included) pass through
 * unchanged and do not count against it.
 */
export const upstreamProxy: FastifyPluginAsync<UpstreamProxyOptions> = async (app, opts) => {
  const unavailable = (reply: FastifyReply) =>
    sendProblem(reply, 'service.unavailable', { extra: { service: opts.service } });

  const handler: NonNullable<FastifyHttpProxyOptions['handler']> = (req, reply, dest, options) => {
    let settle!: (err?: unknown) => void;
    const outcome = new Promise<void>((resolve, reject) => {
      settle = (err) => (err ? reject(err) : resolve());
    });
    let admitted = false;
    // opossum runs the action synchronously when it admits the call, so `admitted` tells at once.
    opts.breaker
      .fire(() => {
        admitted = true;
        return outcome;
      })
      .catch(() => undefined);
    if (!admitted) return unavailable(reply);

    // A client that goes away before the upstream answers is no failure of the upstream.
    reply.raw.once('close', () => settle());
    // undici destroys a request body it could not send, and destroying the incoming request would
    // cut the client's connection before it hears our 503: hand undici a stream of its own.
    if (req.body instanceof Readable) req.body = req.body.pipe(new PassThrough());
    return reply.from(dest, {
      ...options,
      onResponse: (_req, rep, res) => {
        settle();
        rep.send(res.stream);
      },
      onError: (_rep, { error }) => {
        settle(error);
        req.log.warn({ err: error, service: opts.service }, 'upstream unreachable');
        unavailable(reply);
      },
    });
  };

  const common: FastifyHttpProxyOptions = {
    upstream: opts.upstream,
    ...(opts.rewritePrefix ? { rewritePrefix: opts.rewritePrefix } : {}),
    ...(opts.methods ? { httpMethods: opts.methods } : {}),
    handler,
    disableRequestLogging: true,
    destroyAgent: true,
    // Upstreams build their own links from X-Forwarded-Prefix; a blind rewrite would break redirects into the SPA.
    internalRewriteLocationHeader: false,
    undici: {
      connect: { timeout: opts.timeoutMs },
      headersTimeout: opts.timeoutMs,
      // Long enough for server-sent events with a heartbeat; a stalled body is cut after this.
      bodyTimeout: Math.max(opts.timeoutMs, 60_000),
    },
    replyOptions: {
      rewriteRequestHeaders: (req, headers) => ({
        ...headers,
        'x-request-id': String(req.id),
        // Only what the gateway itself believes (see TRUST_PROXY) reaches the services.
        'x-forwarded-for': req.ip,
        'x-forwarded-proto': req.protocol,
        'x-forwarded-host': req.host,
        'x-forwarded-prefix': app.prefix,
      }),
      // reply-from retries idempotent calls on 503 up to ten times by default; a gateway must not multiply load.
      retryDelay: () => null,
    },
  };

  for (const group of opts.limited ?? []) {
    await app.register(httpProxy, {
      ...common,
      routes: group.paths,
      httpMethods: ['POST'],
      config: { rateLimit: group.rateLimit },
    });
  }
  await app.register(httpProxy, common);
};
