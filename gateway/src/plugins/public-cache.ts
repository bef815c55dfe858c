import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BusNames, connectNats } from '@rian/kit/nats';
import type { Logger } from '@rian/kit/logger';
import {
  cacheKey,
  entryState,
  notModified,
  storable,
  strongEtag,
  type EntryState,
  type Freshness,
} from '../domain/http-cache.js';

/** Response headers a stored answer keeps (the rest describe one exchange: date, request id, length…). */
const KEPT_HEADERS = [
  'content-type',
  'content-encoding',
  'content-language',
  'cache-control',
  'etag',
  'last-modified',
  'vary',
] as const;

interface Entry {
  service: string;
  headers: Record<string, string>;
  body: Buffer;
  etag: string;
  storedAt: number;
  freshness: Freshness;
  bytes: number;
}

export interface PublicCacheSettings {
  /** all entries together; 0 turns the cache off */
  maxBytes: number;
  /** one answer larger than this is never stored */
  maxEntryBytes: number;
}

/**
 * The gateway's cache of public, cacheable GET answers (see domain/http-cache.ts for what may be
 * stored): a bounded LRU in this process's memory, emptied per upstream by that upstream's events.
 * It stores nothing until it hears its upstreams' events (`armed`), and empties itself and stops
 * storing while it cannot hear them (NATS away), so no change can go unnoticed.
 */
export class PublicCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** bumped by every invalidation: an answer fetched before one is not stored after it */
  private readonly generations = new Map<string, number>();
  private readonly refreshing = new Set<string>();
  private armed = false;
  /** marks the gateway's own background refreshes (never sent upstream, unknown to any client) */
  readonly refreshToken = randomBytes(18).toString('base64url');

  constructor(
    readonly settings: PublicCacheSettings,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.settings.maxBytes > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get storedBytes(): number {
    return this.bytes;
  }

  generation(service: string): number {
    return this.generations.get(service) ?? 0;
  }

  arm(value: boolean): void {
    this.armed = value;
    this.clear();
  }

  get isArmed(): boolean {
    return this.armed;
  }

  lookup(key: string): { entry: Entry; state: EntryState; ageMs: number } | undefined {
    if (!this.armed) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const ageMs = this.now() - entry.storedAt;
    const state = entryState(ageMs, entry.freshness);
    if (state === 'expired') {
      this.remove(key, entry);
      return undefined;
    }
    // least recently used first: a hit moves to the end
    this.entries.delete(key);
    this.entries.set(key, entry);
    return { entry, state, ageMs };
  }

  /** Stores an answer fetched while `service` was at `generation`, unless it has changed since. */
  store(
    key: string,
    service: string,
    generation: number,
    value: { headers: Record<string, string>; body: Buffer; etag: string; freshness: Freshness },
  ): boolean {
    if (!this.armed || !this.enabled || generation !== this.generation(service)) return false;
    const bytes = value.body.length + key.length + 256;
    if (value.body.length > this.settings.maxEntryBytes || bytes > this.settings.maxBytes) return false;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    this.entries.set(key, { ...value, service, storedAt: this.now(), bytes });
    this.bytes += bytes;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.settings.maxBytes) break;
      this.remove(k, e);
    }
    return true;
  }

  /** Everything `service` answered is stale from now on (its change events say so). */
  invalidate(service: string): void {
    this.generations.set(service, this.generation(service) + 1);
    for (const [k, e] of this.entries) if (e.service === service) this.remove(k, e);
  }

  clear(): void {
    for (const service of new Set([
      ...this.generations.keys(),
      ...[...this.entries.values()].map((e) => e.service),
    ]))
      this.generations.set(service, this.generation(service) + 1);
    this.entries.clear();
    this.bytes = 0;
  }

  /** true when the caller should start a refresh of `key` (one at a time per key) */
  startRefresh(key: string): boolean {
    if (this.refreshing.has(key)) return false;
    this.refreshing.add(key);
    return true;
  }

  endRefresh(key: string): void {
    this.refreshing.delete(key);
  }

  private remove(key: string, entry: Entry): void {
    if (this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

export const CACHE_HEADER = 'x-gateway-cache';
const SECOND_INVALIDATION_MS = 1_000;
/**
 * What browsers are told about an answer the gateway keeps: theirs to keep, but to check each time
 * (a cheap 304 against the ETag). The upstream's s-maxage and stale-while-revalidate are the
 * gateway's to use: a browser serving a stale product page after a change would undo the events.
 */
export const CLIENT_CACHE_CONTROL = 'public, no-cache';
export const REFRESH_HEADER = 'x-rian-gateway-refresh';

/**
 * The proxy's side of the cache for one upstream: answer from it, or let the call through and
 * keep what may be kept.
 */
export class ServiceCache {
  constructor(
    private readonly cache: PublicCache,
    private readonly app: FastifyInstance,
    readonly service: string,
  ) {}

  /** GET/HEAD only; answers true when the reply was sent from the cache. */
  tryServe(req: FastifyRequest, reply: FastifyReply): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    // the gateway's own refresh of a stale entry always asks the upstream
    if (req.headers[REFRESH_HEADER] === this.cache.refreshToken) return false;
    // Every stored answer was marked `public` by the upstream, the only kind a request with
    // credentials may be served (RFC 9111 §3.5); an answer that varies by who asks is never stored.
    const key = cacheKey(this.service, req.url, req.headers);
    const hit = this.cache.lookup(key);
    if (!hit) return false;
    if (hit.state === 'stale') this.refresh(key, req);
    const { entry } = hit;
    reply.headers(entry.headers);
    reply.header('age', Math.floor(hit.ageMs / 1000));
    reply.header(CACHE_HEADER, hit.state === 'fresh' ? 'hit' : 'stale');
    if (notModified(req.headers['if-none-match'], entry.etag)) {
      reply.removeHeader('content-type');
      reply.removeHeader('content-encoding');
      void reply.code(304).send();
      return true;
    }
    void reply.code(200).send(req.method === 'HEAD' ? undefined : entry.body);
    return true;
  }

  /**
   * What to do with an upstream answer to `req`: undefined to stream it through untouched, or a
   * function that reads the body, keeps it, and sends it.
   */
  keeper(
    req: FastifyRequest,
    status: number,
    headers: Record<string, string | string[] | undefined>,
    generation: number,
  ): ((body: Readable, reply: FastifyReply) => void) | undefined {
    if (!this.cache.enabled || req.method !== 'GET') return undefined;
    const freshness = storable(status, headers);
    const length = Number(headers['content-length']);
    if (!freshness || !Number.isFinite(length) || length > this.cache.settings.maxEntryBytes)
      return undefined;
    const key = cacheKey(this.service, req.url, req.headers);
    return (stream, reply) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.once('error', (err) => {
        if (!reply.sent) reply.send(err);
      });
      stream.once('end', () => {
        const body = Buffer.concat(chunks);
        const kept: Record<string, string> = {};
        for (const name of KEPT_HEADERS) {
          const v = headers[name];
          if (v !== undefined) kept[name] = Array.isArray(v) ? v.join(', ') : v;
        }
        const etag = kept.etag ?? strongEtag(body);
        kept.etag = etag;
        kept['cache-control'] = CLIENT_CACHE_CONTROL;
        reply.header('cache-control', CLIENT_CACHE_CONTROL);
        const stored = this.cache.store(key, this.service, generation, {
          headers: kept,
          body,
          etag,
          freshness,
        });
        reply.header('etag', etag);
        reply.header(CACHE_HEADER, stored ? 'stored' : 'miss');
        if (notModified(req.headers['if-none-match'], etag)) {
          reply.removeHeader('content-type');
          reply.removeHeader('content-length');
          void reply.code(304).send();
          return;
        }
        void reply.send(body);
      });
    };
  }

  generation(): number {
    return this.cache.generation(this.service);
  }

  /** Stale-while-revalidate: the same request, once, through the gateway itself, in the background. */
  private refresh(key: string, req: FastifyRequest): void {
    if (!this.cache.startRefresh(key)) return;
    const headers: Record<string, string> = { [REFRESH_HEADER]: this.cache.refreshToken };
    for (const name of ['accept-encoding', 'accept-language'] as const) {
      const v = req.headers[name];
      if (typeof v === 'string') headers[name] = v;
    }
    this.app
      .inject({ method: 'GET', url: req.url, headers })
      .then((res) => {
        if (res.statusCode !== 200)
          req.log.warn({ status: res.statusCode, url: req.url }, 'cache refresh failed');
      })
      .catch((err: unknown) => req.log.warn({ err, url: req.url }, 'cache refresh failed'))
      .finally(() => this.cache.endRefresh(key));
  }
}

/**
 * Listens to each cached upstream's events (core NATS, every gateway replica hears every message
 * published on `<ns>.<service>.>`, JetStream's included) and empties that upstream's entries on
 * each. Until connected, and while disconnected, the cache stores nothing.
 */
export function listenForChanges(
  cache: PublicCache,
  opts: { natsUrl: string; namespace: string; services: string[]; logger: Logger },
): { close: () => Promise<void>; ready: Promise<void> } {
  const names = new BusNames(opts.namespace);
  let nc: Awaited<ReturnType<typeof connectNats>> | undefined;
  let closing = false;
  const ready = connectNats(opts.natsUrl, `gateway-public-cache-${process.pid}`, opts.logger)
    .then(async (conn) => {
      if (closing) {
        await conn.close();
        return;
      }
      nc = conn;
      for (const service of opts.services) {
        conn.subscribe(names.subject(`${service}.>`), {
          callback: (err) => {
            if (err) opts.logger.warn({ err, service }, 'cache invalidation subscription error');
            cache.invalidate(service);
            // Once more a moment later: the upstream's own read cache (catalog's Redis) is emptied
            // after its commit too, and an answer re-read from it in between must not stay here.
            setTimeout(() => cache.invalidate(service), SECOND_INVALIDATION_MS).unref();
          },
        });
      }
      // the subscriptions are in place on the server before anything is stored
      await conn.flush();
      cache.arm(true);
      void (async () => {
        for await (const s of conn.status()) {
          if (s.type === 'disconnect') cache.arm(false);
          if (s.type === 'reconnect') cache.arm(true);
        }
      })().catch(() => undefined);
    })
    .catch((err: unknown) => opts.logger.warn({ err }, 'NATS connection failed: the public cache stays off'));
  return {
    ready,
    close: async () => {
      closing = true;
      cache.arm(false);
      if (nc) await nc.close().catch(() => undefined);
    },
  };
}
