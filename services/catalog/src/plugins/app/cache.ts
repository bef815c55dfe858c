import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Redis } from '@rian/kit/redis';
import type { Logger } from '@rian/kit/logger';

/** Every key of this cache sits under this prefix (after the kit's namespace). */
export const CACHE_PREFIX = 'catalog:cache:';
const VERSION_KEY = `${CACHE_PREFIX}version`;

/**
 * Public reads whose whole answer depends on the URL alone (no token, no clock): their serialised
 * JSON is kept as it left the route. Route patterns, as Fastify names them.
 */
export const CACHED_ROUTES: ReadonlySet<string> = new Set([
  '/products',
  '/products/by-url/:url',
  '/packages',
  '/packages/:id',
]);
const MAX_CACHED_URL = 512;

/** Redis is a speed-up here, never a dependency: a slow or absent Redis means a database read. */
const REDIS_TIMEOUT_MS = 250;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`redis slower than ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * The cache of public catalog reads, invalidated by a version counter: entries live under
 * `catalog:cache:<version>:...` for `ttlSeconds`, and every committed change bumps the version, so
 * the next read on any replica misses and reads the database. A reader takes the version *before*
 * it reads the database, so an answer computed from data older than a change is stored under the
 * old version, where nobody looks any more. In the steady state a hit costs one round trip: MGET of
 * the version and of the entry under the version this process saw last.
 */
export class CatalogCache {
  private lastVersion = '0';

  constructor(
    private readonly redis: Redis,
    private readonly logger: Logger,
    readonly ttlSeconds: number,
  ) {}

  get enabled(): boolean {
    return this.ttlSeconds > 0;
  }

  private entry(version: string, key: string): string {
    return `${CACHE_PREFIX}${version}:${key}`;
  }

  /** The entry for `key` (null on a miss) and the version it belongs to; undefined when Redis fails. */
  async read(key: string): Promise<{ version: string; value: string | null } | undefined> {
    if (!this.enabled) return undefined;
    try {
      const guess = this.lastVersion;
      const [current, value] = await withTimeout(
        this.redis.mget(VERSION_KEY, this.entry(guess, key)),
        REDIS_TIMEOUT_MS,
      );
      const version = current ?? '0';
      if (version === guess) return { version, value: value ?? null };
      this.lastVersion = version;
      const fresh = await withTimeout(this.redis.get(this.entry(version, key)), REDIS_TIMEOUT_MS);
      return { version, value: fresh };
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'catalog cache read failed; reading the database');
      return undefined;
    }
  }

  async write(version: string, key: string, value: string): Promise<void> {
    if (!this.enabled) return;
    try {
      await withTimeout(
        this.redis.set(this.entry(version, key), value, 'EX', this.ttlSeconds),
        REDIS_TIMEOUT_MS,
      );
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'catalog cache write failed');
    }
  }

  /** A JSON value from the cache, or from `load` (then cached). */
  async json<T>(key: string, load: () => Promise<T>): Promise<T> {
    const cached = await this.read(key);
    if (cached?.value) return JSON.parse(cached.value) as T;
    const value = await load();
    if (cached) await this.write(cached.version, key, JSON.stringify(value));
    return value;
  }

  /**
   * Called after a change commits: every cached answer is stale from now on. If Redis cannot be
   * told, answers may be at most `ttlSeconds` old — logged, and the change itself still stands.
   */
  async invalidate(): Promise<void> {
    if (!this.enabled) return;
    try {
      this.lastVersion = String(await withTimeout(this.redis.incr(VERSION_KEY), REDIS_TIMEOUT_MS));
    } catch (err) {
      this.logger.error(
        { err: (err as Error).message, ttlSeconds: this.ttlSeconds },
        'catalog cache not invalidated; public reads may be stale until their entries expire',
      );
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogCache: CatalogCache;
  }
}

export default fp<{ ttlSeconds: number }>(
  async (app, opts) => {
    const cache = new CatalogCache(app.kit.redis, app.kit.logger, opts.ttlSeconds);
    app.decorate('catalogCache', cache);
    if (!cache.enabled) return;

    // the version each missed request read before its handler touched the database
    const missed = new WeakMap<FastifyRequest, string>();
    const keyOf = (req: FastifyRequest) => `http:${req.url}`;

    app.addHook('onRequest', async (req, reply) => {
      if (req.method !== 'GET' || req.url.length > MAX_CACHED_URL) return;
      if (!CACHED_ROUTES.has(req.routeOptions.url ?? '')) return;
      const cached = await cache.read(keyOf(req));
      if (!cached) return;
      if (cached.value !== null) {
        return reply.header('x-cache', 'hit').type('application/json; charset=utf-8').send(cached.value);
      }
      missed.set(req, cached.version);
      reply.header('x-cache', 'miss');
    });

    app.addHook('onSend', async (req, reply, payload) => {
      const version = missed.get(req);
      if (version !== undefined && reply.statusCode === 200 && typeof payload === 'string') {
        await cache.write(version, keyOf(req), payload);
      }
      return payload;
    });
  },
  { name: 'catalog-cache' },
);
