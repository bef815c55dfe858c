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

/** Reads env into a typed object: defaults filled, strings converted, bad values reported by name. */
export function loadConfig<T extends TObject>(schema: T, env: NodeJS.ProcessEnv = process.env): Static<T> {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties)) {
    const v = env[key];
    if (v !== undefined && v !== '') raw[key] = v;
  }
  const value = Value.Default(schema, Value.Convert(schema, raw));
  const problems = [...Value.Errors(schema, value)].map((e) => `${e.path.slice(1)}: ${e.message}`);
  if (problems.length) throw new ConfigError(problems);
  return value as Static<T>;
}

/** Settings every service has; a service adds its own with `serviceConfigSchema(name, { ... })`. */
export function serviceConfigSchema<P extends TProperties>(service: ServiceName, extra: P) {
  return Type.Object({
    HOST: Type.String({ default: '127.0.0.1' }),
    PORT: Type.Integer({ default: DEFAULT_PORTS[service] }),
    LOG_LEVEL: Type.String({ default: 'info' }),
    DATABASE_URL: Type.String({ default: `postgres://postgres@127.0.0.1:5432/rian_${service}` }),
    NATS_URL: Type.String({ default: 'nats://127.0.0.1:4222' }),
    REDIS_URL: Type.String({ default: 'redis://127.0.0.1:6379' }),
    /** Prefix of stream names, subjects and Redis keys; tests give each run its own. */
    RIAN_NAMESPACE: Type.String({ default: '', pattern: '^[a-z0-9_]*$' }),
    AUTH_JWKS_URL: Type.String({ default: `http://127.0.0.1:${DEFAULT_PORTS.auth}/.well-known/jwks.json` }),
    /**
     * Whose X-Forwarded-For to believe (the gateway's network): comma-separated addresses, CIDRs
     * or `loopback` / `linklocal` / `uniquelocal`. Anyone else's is ignored.
     */
    TRUSTED_PROXIES: Type.String({ default: 'loopback' }),
    /**
     * The site's public address, the gateway's (it serves the SPA): every link a service puts in an
     * e-mail starts here. One setting for all services; npm start gives each the gateway's URL.
     */
    SITE_URL: Type.String({ default: `http://127.0.0.1:${DEFAULT_PORTS.gateway}`, pattern: '^https?://' }),
    ...extra,
  });
}

export type BaseServiceConfig = Static<ReturnType<typeof serviceConfigSchema<Record<never, never>>>>;
