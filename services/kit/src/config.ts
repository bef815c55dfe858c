import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/** Ports that run locally without any setting. The gateway is the only public one (3000). */
export const DEFAULT_PORTS = {
  gateway: 3000,
  auth: 3101,
  catalog: 3102,
  notifications: 3103,
  orders: 3104,
  payments: 3105,
  learning: 3106,
  bookings: 3107,
  media: 3108,
  insights: 3110,
} as const;
export type ServiceName = Exclude<keyof typeof DEFAULT_PORTS, 'gateway'>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * What a setting must be in production (NODE_ENV=production), written beside its schema with
 * `...inProduction(rule)`:
 * - `set`: given explicitly (its default points at this machine: a database, NATS, a service);
 * - `changed`: not its development default (a known password, a test PromptPay id, the simulator,
 *   insecure cookies, e-mail only logged) — given or not, the default itself is refused;
 * - `https`: given, and an https:// address.
 */
export type ProductionRule = 'set' | 'changed' | 'https';
export const inProduction = (rule: ProductionRule) => ({ production: rule });

/** One line per setting that production must not leave as it is, each naming the setting. */
export function productionProblems(
  schema: TObject,
  env: NodeJS.ProcessEnv,
  value: Record<string, unknown>,
): string[] {
  const problems: string[] = [];
  for (const [key, prop] of Object.entries(schema.properties)) {
    const rule = (prop as { production?: ProductionRule }).production;
    if (!rule) continue;
    const given = env[key] !== undefined && env[key] !== '';
    if (rule === 'changed') {
      if (value[key] === (prop as { default?: unknown }).default) {
        problems.push(
          `${key}: the development default (${JSON.stringify(value[key])}) cannot be used in production`,
        );
      }
    } else if (!given) {
      problems.push(`${key}: required in production (the default is this machine's, for development)`);
    } else if (rule === 'https' && !/^https:\/\//.test(String(value[key]))) {
      problems.push(`${key}: an https:// address in production`);
    }
  }
  return problems;
}

/**
 * Reads env into a typed object: defaults filled, strings converted, bad values reported by name.
 * In production, the settings marked `inProduction` are checked too; a service with checks of its
 * own passes `collect` to get those problems back and report them all in one error.
 */
export function loadConfig<T extends TObject>(
  schema: T,
  env: NodeJS.ProcessEnv = process.env,
  collect?: string[],
): Static<T> {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties)) {
    const v = env[key];
    if (v !== undefined && v !== '') raw[key] = v;
  }
  const value = Value.Default(schema, Value.Convert(schema, raw)) as Record<string, unknown>;
  const problems = [...Value.Errors(schema, value)].map((e) => `${e.path.slice(1)}: ${e.message}`);
  const production = env.NODE_ENV === 'production' ? productionProblems(schema, env, value) : [];
  if (collect) collect.push(...production);
  else problems.push(...production);
  if (problems.length) throw new ConfigError(problems);
  return value as Static<T>;
}

/** Settings every service has; a service adds its own with `serviceConfigSchema(name, { ... })`. */
export function serviceConfigSchema<P extends TProperties>(service: ServiceName, extra: P) {
  return Type.Object({
    HOST: Type.String({ default: '127.0.0.1' }),
    PORT: Type.Integer({ default: DEFAULT_PORTS[service] }),
    LOG_LEVEL: Type.String({ default: 'info' }),
    /**
     * Where Prometheus scrapes /metrics: 0 (development, tests) → on PORT; else only on this port
     * (k8s: 9464, never behind the Service the gateway or Ingress use), and PORT answers 404.
     */
    METRICS_PORT: Type.Integer({ default: 0, minimum: 0, maximum: 65535 }),
    DATABASE_URL: Type.String({
      default: `postgres://postgres@127.0.0.1:5432/rian_${service}`,
      ...inProduction('set'),
    }),
    /**
     * connections each process keeps to its database at most. Replicas × this must stay under the
     * server's max_connections (or PgBouncer's pool: deploy/README.md "Database connections")
     */
    DATABASE_POOL_MAX: Type.Integer({ default: 10, minimum: 1, maximum: 200 }),
    /**
     * when migrations run: `start` (before serving, replicas take turns), `only` (run them and exit:
     * the migration Job, deploy/k8s/migrate) or `check` (refuse to start while any is pending)
     */
    DATABASE_MIGRATE: Type.Union([Type.Literal('start'), Type.Literal('only'), Type.Literal('check')], {
      default: 'start',
    }),
    NATS_URL: Type.String({ default: 'nats://127.0.0.1:4222', ...inProduction('set') }),
    /**
     * The JetStream streams this service creates (its own events and the dead letters): copies
     * kept (1 on one server; 3 on a 3-node cluster — the prod overlay's), and their limits: age in
     * days and bytes (0: no byte limit). An existing stream is brought to these values at start.
     */
    EVENTS_STREAM_REPLICAS: Type.Integer({ default: 1, minimum: 1, maximum: 5 }),
    EVENTS_STREAM_MAX_AGE_DAYS: Type.Integer({ default: 14, minimum: 1, maximum: 3650 }),
    EVENTS_STREAM_MAX_BYTES: Type.Integer({ default: 0, minimum: 0 }),
    REDIS_URL: Type.String({ default: 'redis://127.0.0.1:6379', ...inProduction('set') }),
    /** Prefix of stream names, subjects and Redis keys; tests give each run its own. */
    RIAN_NAMESPACE: Type.String({ default: '', pattern: '^[a-z0-9_]*$' }),
    AUTH_JWKS_URL: Type.String({
      default: `http://127.0.0.1:${DEFAULT_PORTS.auth}/.well-known/jwks.json`,
      ...inProduction('set'),
    }),
    /**
     * Whose X-Forwarded-For to believe (the gateway's network): comma-separated addresses, CIDRs
     * or `loopback` / `linklocal` / `uniquelocal`. Anyone else's is ignored.
     */
    TRUSTED_PROXIES: Type.String({ default: 'loopback' }),
    /**
     * The site's public address, the gateway's (it serves the SPA): every link a service puts in an
     * e-mail starts here. One setting for all services; npm start gives each the gateway's URL.
     */
    SITE_URL: Type.String({
      default: `http://127.0.0.1:${DEFAULT_PORTS.gateway}`,
      pattern: '^https?://',
      ...inProduction('https'),
    }),
    ...extra,
  });
}

export type BaseServiceConfig = Static<ReturnType<typeof serviceConfigSchema<Record<never, never>>>>;
