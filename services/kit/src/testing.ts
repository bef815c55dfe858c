import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { Envelope } from '@rian/proto-contracts/envelope';
import { BusNames } from './nats.js';
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose';
import { JWT_AUDIENCE, JWT_ISSUER, type AccessClaims } from '@rian/proto-contracts/auth';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { dropDatabase } from './db.js';

/**
 * Test harness: every test run gets its own namespace — its own databases (rian_<ns>_<service>),
 * stream and subject names (<NS>_AUTH on <ns>.auth.>) and Redis keys (<ns>:...) — on the real
 * servers the environment names, and removes them afterwards.
 */
export interface TestEnv {
  namespace: string;
  /** env for a service: DATABASE_URL, NATS_URL, REDIS_URL, RIAN_NAMESPACE */
  envFor(service: string, extra?: Record<string, string>): Record<string, string>;
  databaseUrl(service: string): string;
  cleanup(): Promise<void>;
}

const PG = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export const HOW_TO_START = {
  postgres: 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
  nats: 'nats-server -js -a 127.0.0.1 -p 4222 -sd /var/lib/nats-server &',
  redis: 'redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no',
};

/** Says which server is missing and how to start it, instead of a stack trace from deep inside a test. */
export async function checkServers(): Promise<void> {
  const missing: string[] = [];
  const pgc = new pg.Client({ connectionString: PG, connectionTimeoutMillis: 2_000 });
  await pgc
    .connect()
    .then(() => pgc.end())
    .catch(() => missing.push(`PostgreSQL at ${PG} — start it: ${HOW_TO_START.postgres}`));
  await connect({ servers: NATS, timeout: 2_000, reconnect: false })
    .then((nc) => nc.close())
    .catch(() => missing.push(`NATS at ${NATS} — start it: ${HOW_TO_START.nats}`));
  const r = new Redis(REDIS, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 2_000,
  });
  await r
    .connect()
    .then(() => r.quit())
    .catch(() => {
      r.disconnect();
      missing.push(`Redis at ${REDIS} — start it: ${HOW_TO_START.redis}`);
    });
  if (missing.length) throw new Error(`servers the tests need are not reachable:\n  ${missing.join('\n  ')}`);
}

export function newNamespace(prefix = 't'): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

export async function createTestEnv(): Promise<TestEnv> {
  await checkServers();
  const namespace = newNamespace();
  const databases = new Set<string>();
  const databaseUrl = (service: string) => {
    const u = new URL(PG);
    u.pathname = `/rian_${namespace}_${service}`;
    databases.add(u.toString());
    return u.toString();
  };
  return {
    namespace,
    databaseUrl,
    envFor: (service, extra = {}) => ({
      DATABASE_URL: databaseUrl(service),
      NATS_URL: NATS,
      REDIS_URL: REDIS,
      RIAN_NAMESPACE: namespace,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      ...extra,
    }),
    cleanup: () => cleanupNamespace(namespace, [...databases]),
  };
}

export async function cleanupNamespace(
  namespace: string,
  databaseUrls: string[],
  natsUrl = NATS,
): Promise<void> {
  for (const url of databaseUrls) await dropDatabase(url).catch(() => undefined);
  const nc = await connect({ servers: natsUrl, timeout: 2_000, reconnect: false }).catch(() => undefined);
  if (nc) {
    try {
      const jsm = await jetstreamManager(nc);
      const prefix = `${namespace.toUpperCase()}_`;
      for await (const name of jsm.streams.names()) {
        if (name.startsWith(prefix)) await jsm.streams.delete(name).catch(() => undefined);
      }
    } finally {
      await nc.close();
    }
  }
  const r = new Redis(REDIS, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await r.scan(cursor, 'MATCH', `${namespace}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await r.del(...keys);
    } while (cursor !== '0');
  } finally {
    r.disconnect();
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A NATS server of the test's own (the real binary, JetStream on, its own store), so a test can
 * stop and restart it to show what happens while NATS is away, without touching the shared one.
 */
export class OwnNatsServer {
  private proc: ChildProcess | undefined;
  readonly storeDir = mkdtempSync(join(tmpdir(), 'rian-nats-'));
  constructor(readonly port: number) {}

  static async create(): Promise<OwnNatsServer> {
    return new OwnNatsServer(await freePort());
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const bin =
      process.env.NATS_SERVER_BIN ??
      ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'].find(existsSync);
    if (!bin) throw new Error('nats-server binary not found (set NATS_SERVER_BIN)');
    this.proc = spawn(bin, ['-js', '-a', '127.0.0.1', '-p', String(this.port), '-sd', this.storeDir], {
      stdio: 'ignore',
    });
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const nc = await connect({ servers: this.url, timeout: 500, reconnect: false }).catch(() => undefined);
      if (nc) {
        await nc.close();
        return;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`own nats-server did not start on ${this.url}`);
  }

  async stop(): Promise<void> {
    const p = this.proc;
    if (!p || p.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      p.once('exit', () => resolve());
      p.kill('SIGKILL');
    });
    this.proc = undefined;
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.storeDir, { recursive: true, force: true });
  }
}

/** Polls until `fn` returns a truthy value (or throws after `timeoutMs`). */
export async function eventually<T>(
  fn: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 10_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`condition not met within ${timeoutMs} ms${last ? `: ${(last as Error).message}` : ''}`);
}

/**
 * Signs access tokens the way auth does, with a key of the test's own, so a service's tests can act
 * as a member or as staff without running auth. Pass `keys` as the service's `tokenKeys`.
 */
export class TestTokenIssuer {
  private constructor(
    private readonly privateKey: CryptoKey,
    readonly keys: JWTVerifyGetKey,
    readonly kid: string,
    /** the public key set, as auth serves it at /.well-known/jwks.json */
    readonly jwks: { keys: JWK[] },
  ) {}

  static async create(): Promise<TestTokenIssuer> {
    const { publicKey, privateKey } = await generateKeyPair('EdDSA', { extractable: true });
    const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'EdDSA', use: 'sig' };
    return new TestTokenIssuer(privateKey, createLocalJWKSet({ keys: [jwk] }), 'test-key', { keys: [jwk] });
  }

  /** `expiresIn: null` signs a token without `exp` (which verification must refuse) */
  async sign(claims: AccessClaims, opts: { expiresIn?: string | number | null } = {}): Promise<string> {
    // jti: a UUIDv7, whose milliseconds tell the token from a revocation mark of the same second
    const jwt = new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'EdDSA', kid: this.kid })
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE)
      .setSubject(claims.sub)
      .setIssuedAt()
      .setJti(uuidv7());
    if (opts.expiresIn !== null) jwt.setExpirationTime(opts.expiresIn ?? '6h');
    return jwt.sign(this.privateKey);
  }

  member(sub: string = crypto.randomUUID(), extra: Partial<AccessClaims> = {}): Promise<string> {
    return this.sign({
      sub,
      kind: 'user',
      status: 'New',
      email: `${sub}@example.com`,
      membershipCodes: [],
      ...extra,
    });
  }

  staff(role: 'admin' | 'staff' = 'admin', sub: string = crypto.randomUUID()): Promise<string> {
    return this.sign({ sub, kind: 'staff', role });
  }
}

/** Every event of `type` a producer's stream holds in this test namespace (read with an ordered consumer). */
export async function publishedEvents<T = unknown>(
  namespace: string,
  owner: string,
  type: string,
  natsUrl = NATS,
): Promise<Envelope<T>[]> {
  const names = new BusNames(namespace);
  const nc = await connect({ servers: natsUrl, timeout: 2_000 });
  try {
    const js = jetstream(nc);
    const jsm = await jetstreamManager(nc);
    const stream = names.stream(owner);
    const info = await jsm.streams.info(stream).catch(() => undefined);
    if (!info || info.state.messages === 0) return [];
    const consumer = await js.consumers.get(stream, { filter_subjects: names.subject(type) });
    const out: Envelope<T>[] = [];
    const batch = await consumer.fetch({ max_messages: 1000, expires: 1_000 });
    for await (const m of batch) {
      out.push(m.json<Envelope<T>>());
      if (m.info.pending === 0) break;
    }
    return out;
  } finally {
    await nc.close();
  }
}
