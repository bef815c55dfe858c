import { PassThrough, Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import httpProxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { createBreaker, type Breaker } from '@rian/kit/breaker';
import { sendProblem } from '@rian/kit/problem';
import { REFRESH_HEADER, type ServiceCache } from './public-cache.js';

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

/**
 * Headers that describe one connection, not the request (RFC 9110 §7.6.1), plus `Expect`: the
 * gateway has answered `100-continue` itself and holds the body. undici refuses a request that
 * carries any of them, which must never reach the upstream's breaker as a failure of the upstream.
 */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
  'expect',
];

export function withoutHopByHop(
  headers: Record<string, unknown>,
  ...also: string[]
): Record<string, unknown> {
  const out = { ...headers };
  for (const name of HOP_BY_HOP) delete out[name];
  for (const name of also) delete out[name];
  return out;
}

/** The upstream could not be reached or did not answer in time: what its breaker is for. */
const UPSTREAM_DOWN = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'FST_REPLY_FROM_TIMEOUT',
  'FST_REPLY_FROM_GATEWAY_TIMEOUT',
  'FST_REPLY_FROM_SERVICE_UNAVAILABLE',
]);
/** The gateway could not send what the client gave it (a header or body undici will not carry). */
const UNSENDABLE = new Set([
  'UND_ERR_INVALID_ARG',
  'UND_ERR_NOT_SUPPORTED',
  'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH',
]);

function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (typeof code === 'string') codes.push(code);
    e = cause;
  }
  return codes;
}

export function upstreamDown(error: unknown): boolean {
  return errorCodes(error).some((c) => UPSTREAM_DOWN.has(c));
}

function unsendable(error: unknown): boolean {
  return errorCodes(error).some((c) => UNSENDABLE.has(c));
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
  /** the gateway's cache of this upstream's public answers (see public-cache.ts) */
  cache?: ServiceCache;
}

/**
 * `/api/<service>/*` → `<upstream>/*`. Every call goes through the upstream's breaker: a refused,
 * reset or silent upstream answers 503 problem+json, and once the breaker opens, so does every
 * call at once until a trial call succeeds. Upstream answers (4xx and 5xx included) pass through
 * unchanged and do not count against it; nor does a request the gateway could not send.
 */
export const upstreamProxy: FastifyPluginAsync<UpstreamProxyOptions> = async (app, opts) => {
  const unavailable = (reply: FastifyReply) =>
    sendProblem(reply, 'service.unavailable', { extra: { service: opts.service } });

  const cache = opts.cache;
  const handler: NonNullable<FastifyHttpProxyOptions['handler']> = (req, reply, dest, options) => {
    const generation = cache?.generation() ?? 0;
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
        // reply-from hands over the upstream's status, headers and body stream (its types say less)
        const { headers } = res as unknown as { headers: Record<string, string | string[] | undefined> };
        const keep = cache?.keeper(req, res.statusCode, headers, generation);
        if (keep) keep(res.stream as Readable, reply);
        else rep.send(res.stream);
      },
      onError: (_rep, { error }) => {
        if (upstreamDown(error)) {
          settle(error);
          req.log.warn({ err: error, service: opts.service }, 'upstream unreachable');
          return unavailable(reply);
        }
        // not the upstream's fault: it never saw the request, so its breaker hears nothing against it
        settle();
        if (unsendable(error)) {
          req.log.info({ err: error, service: opts.service }, 'request could not be forwarded');
          return sendProblem(reply, 'validation.failed', { detail: 'The request could not be forwarded' });
        }
        req.log.error({ err: error, service: opts.service }, 'proxying failed');
        return unavailable(reply);
      },
    });
  };

  if (cache) {
    // A public answer the gateway holds costs the upstream (and its breaker) nothing, and is sent
    // before the proxy works out where the request would go (a tenth of a cached read's time).
    app.addHook('onRequest', (req, reply, done) => {
      if (!cache.tryServe(req, reply)) done();
    });
  }

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
        ...withoutHopByHop(headers, REFRESH_HEADER),
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
