import { fileURLToPath } from 'node:url';
import { Type, type Static } from '@sinclair/typebox';
import { ConfigError, DEFAULT_PORTS, inProduction, loadConfig, type ServiceName } from '@rian/kit/config';

export const SERVICE_NAMES = Object.keys(DEFAULT_PORTS).filter((n): n is ServiceName => n !== 'gateway');

const upstreamUrls = Object.fromEntries(
  SERVICE_NAMES.map((name) => [
    `${name.toUpperCase()}_URL`,
    Type.String({ default: `http://127.0.0.1:${DEFAULT_PORTS[name]}` }),
  ]),
) as Record<`${Uppercase<ServiceName>}_URL`, ReturnType<typeof Type.String>>;

/**
 * Vite React build served from our own origin: scripts and styles from self (React inlines style
 * attributes), images and media also from https hosts (course videos and images live on CDNs),
 * course videos embedded from Vimeo and YouTube.
 */
export const DEFAULT_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob: https:",
  'frame-src https://player.vimeo.com https://www.youtube.com https://youtube.com https://www.youtube-nocookie.com https://youtube-nocookie.com',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const ConfigSchema = Type.Object({
  HOST: Type.String({ default: '127.0.0.1' }),
  PORT: Type.Integer({ default: DEFAULT_PORTS.gateway }),
  LOG_LEVEL: Type.String({ default: 'info' }),
  /** /metrics only on this port (k8s: 9464, not behind the Ingress); 0: on PORT (development, tests) */
  METRICS_PORT: Type.Integer({ default: 0, minimum: 0, maximum: 65535 }),
  REDIS_URL: Type.String({ default: 'redis://127.0.0.1:6379', ...inProduction('set') }),
  RIAN_NAMESPACE: Type.String({ default: '', pattern: '^[a-z0-9_]*$' }),
  /** services reachable under /api/<name>, comma-separated */
  GATEWAY_SERVICES: Type.String({
    default: 'auth,catalog,notifications,media,orders,payments,learning,bookings,insights',
  }),
  ...upstreamUrls,
  /** an upstream that sends no response headers within this counts as failed */
  UPSTREAM_TIMEOUT_MS: Type.Integer({ default: 10_000, minimum: 1 }),
  /** breakers, one per upstream: failure percentage that opens, calls before it counts, time open */
  BREAKER_ERROR_PERCENT: Type.Integer({ default: 50, minimum: 1, maximum: 100 }),
  BREAKER_VOLUME_THRESHOLD: Type.Integer({ default: 5, minimum: 1 }),
  BREAKER_RESET_MS: Type.Integer({ default: 10_000, minimum: 1 }),
  BREAKER_WINDOW_MS: Type.Integer({ default: 10_000, minimum: 100 }),
  /** sign-in attempts per IP (POST /api/auth/login, /api/auth/staff/login) */
  RATE_LIMIT_LOGIN_MAX: Type.Integer({ default: 10, minimum: 1 }),
  RATE_LIMIT_LOGIN_WINDOW_MS: Type.Integer({ default: 60_000, minimum: 1 }),
  /** e-mail code requests per IP (POST /api/auth/register/code, /api/auth/password/code) */
  RATE_LIMIT_CODE_MAX: Type.Integer({ default: 5, minimum: 1 }),
  RATE_LIMIT_CODE_WINDOW_MS: Type.Integer({ default: 600_000, minimum: 1 }),
  /** "is this e-mail registered?" per IP (POST /api/auth/register/check-email, /api/auth/password/check-email) */
  RATE_LIMIT_LOOKUP_MAX: Type.Integer({ default: 20, minimum: 1 }),
  RATE_LIMIT_LOOKUP_WINDOW_MS: Type.Integer({ default: 600_000, minimum: 1 }),
  /**
   * the public booking form per IP (POST /api/bookings/bookings/key-check, /bookings, /bookings/slips),
   * each route its own allowance; bookings counts wrong keys itself on top (services/bookings)
   */
  RATE_LIMIT_BOOKING_MAX: Type.Integer({ default: 30, minimum: 1 }),
  RATE_LIMIT_BOOKING_WINDOW_MS: Type.Integer({ default: 60_000, minimum: 1 }),
  /**
   * the gateway's cache of public GET answers (the shop's catalog reads): what the upstream marks
   * `public, max-age=…` is kept in this process's memory, at most GATEWAY_CACHE_MAX_BYTES in all
   * (0 turns it off) and GATEWAY_CACHE_MAX_ENTRY_BYTES per answer, for the upstreams in
   * GATEWAY_CACHE_SERVICES (comma-separated), each emptied by its own events on NATS
   */
  GATEWAY_CACHE_MAX_BYTES: Type.Integer({ default: 32 * 1024 * 1024, minimum: 0 }),
  GATEWAY_CACHE_MAX_ENTRY_BYTES: Type.Integer({ default: 1024 * 1024, minimum: 1 }),
  GATEWAY_CACHE_SERVICES: Type.String({ default: 'catalog' }),
  /** per upstream, for /api/health and /api/docs/json */
  HEALTH_TIMEOUT_MS: Type.Integer({ default: 1_500, minimum: 1 }),
  DOCS_TIMEOUT_MS: Type.Integer({ default: 3_000, minimum: 1 }),
  /** the built SPA (npm run build -w @rian/web) */
  WEB_DIST: Type.String({ default: fileURLToPath(new URL('../../web/dist/', import.meta.url)) }),
  /**
   * Whose X-Forwarded-* to believe (client IP for rate limits): empty = nobody (the gateway faces
   * the internet), `true`, a hop count, or comma-separated addresses/CIDRs of the load balancer.
   */
  TRUST_PROXY: Type.String({ default: '' }),
  CONTENT_SECURITY_POLICY: Type.String({ default: DEFAULT_CSP }),
  /**
   * the site is served over HTTPS (the same setting as auth's Secure cookie): browsers are told
   * to use nothing else (Strict-Transport-Security) for HSTS_MAX_AGE_S seconds
   */
  COOKIE_SECURE: Type.Boolean({ default: false, ...inProduction('changed') }),
  HSTS_MAX_AGE_S: Type.Integer({ default: 31_536_000, minimum: 0 }),
  /**
   * origins the SPA may post forms to besides itself (space-separated): the card provider's hosted
   * payment page (payments' PAYMENTS_CARD_FORM_URL), added to the policy's form-action
   */
  CSP_FORM_ACTION_ORIGINS: Type.String({ default: '', pattern: '^[^;,\'"]*$' }),
  /**
   * origins lesson videos stream from besides our own (space-separated): hls.js fetches a
   * playlist and its segments, so a staff-entered HLS URL's host (or a CDN in front of media)
   * must be in connect-src; uploads served by media through /api/media need nothing here
   */
  CSP_MEDIA_ORIGINS: Type.String({ default: '', pattern: '^[^;,\'"]*$' }),
  /** live updates (GET /api/live/admin): core NATS subjects under RIAN_NAMESPACE */
  NATS_URL: Type.String({ default: 'nats://127.0.0.1:4222', ...inProduction('set') }),
  /** where the gateway checks access tokens for its own routes (the live stream) */
  AUTH_JWKS_URL: Type.String({
    default: `http://127.0.0.1:${DEFAULT_PORTS.auth}/.well-known/jwks.json`,
    ...inProduction('set'),
  }),
  /** open live streams per gateway process; more answer 503 */
  LIVE_MAX_CONNECTIONS: Type.Integer({ default: 1_000, minimum: 1 }),
  /** a comment line on every live stream this often, so proxies and the browser keep it open */
  LIVE_HEARTBEAT_MS: Type.Integer({ default: 15_000, minimum: 100 }),
  /** open live-comment streams (GET /api/live/streams/:id) per gateway process; more answer 503 */
  LIVE_STREAM_MAX_CONNECTIONS: Type.Integer({ default: 5_000, minimum: 1 }),
  /** a live comment arriving after a hole waits this long for the ones before it, then the hole is read from learning */
  LIVE_GAP_WAIT_MS: Type.Integer({ default: 300, minimum: 0, maximum: 10_000 }),
});
export type Config = Static<typeof ConfigSchema>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const config = loadConfig(ConfigSchema, env, problems);
  // every service the gateway routes to must be named: the defaults are this machine's ports
  for (const { name } of enabledServices(config)) {
    const key = `${name.toUpperCase()}_URL`;
    if (env.NODE_ENV === 'production' && !env[key])
      problems.push(`${key}: required in production (the default is this machine's, for development)`);
  }
  if (problems.length) throw new ConfigError(problems);
  let csp = withSources(config.CONTENT_SECURITY_POLICY, 'form-action', config.CSP_FORM_ACTION_ORIGINS);
  csp = withSources(csp, 'connect-src', config.CSP_MEDIA_ORIGINS);
  return csp === config.CONTENT_SECURITY_POLICY ? config : { ...config, CONTENT_SECURITY_POLICY: csp };
}

/** `csp` with `origins` (space-separated, may be blank) added to one directive's sources. */
function withSources(csp: string, directive: string, origins: string): string {
  const extra = origins.trim();
  if (!extra) return csp;
  return csp.replace(
    new RegExp(`${directive} ([^;]*)`),
    (_m, sources: string) => `${directive} ${sources.trim()} ${extra}`,
  );
}

/** The services behind /api, each with its upstream base URL. */
export function enabledServices(config: Config): { name: ServiceName; url: string }[] {
  const names = config.GATEWAY_SERVICES.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(SERVICE_NAMES as string[]).includes(n));
  if (unknown.length) {
    throw new ConfigError([
      `GATEWAY_SERVICES: unknown service ${unknown.join(', ')} (known: ${SERVICE_NAMES.join(', ')})`,
    ]);
  }
  return [...new Set(names as ServiceName[])].map((name) => ({
    name,
    url: config[`${name.toUpperCase() as Uppercase<ServiceName>}_URL`].replace(/\/+$/, ''),
  }));
}

export function trustProxySetting(
  value: string,
): boolean | string | ((address: string, hop: number) => boolean) {
  const v = value.trim();
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  return v;
}
