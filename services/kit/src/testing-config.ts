/**
 * For configuration tests: the settings every service must be given in production (kit's
 * `inProduction('set' | 'https')` ones), with values that are not development defaults. A test adds
 * the service's own.
 */
export const PRODUCTION_BASE_ENV = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://rian@db.internal:5432/rian',
  NATS_URL: 'nats://nats.internal:4222',
  REDIS_URL: 'redis://redis.internal:6379',
  AUTH_JWKS_URL: 'http://auth:3101/.well-known/jwks.json',
  SITE_URL: 'https://rian.example.com',
} as const;
