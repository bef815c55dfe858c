import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { createRedis, type Redis } from '../src/redis.js';
import {
  isRevoked,
  revokedBeforeKey,
  revokedJtiKey,
  revokeToken,
  revokeUserTokensBefore,
} from '../src/revocation.js';
import { TokenVerifier } from '../src/tokens.js';
import { ProblemError } from '../src/errors.js';
import { createTestEnv, freePort, TestTokenIssuer, type TestEnv } from '../src/testing.js';

let env: TestEnv;
let redis: Redis;
let issuer: TestTokenIssuer;

beforeAll(async () => {
  env = await createTestEnv();
  const { REDIS_URL } = env.envFor('kitrevoke');
  redis = createRedis(REDIS_URL!, env.namespace);
  issuer = await TestTokenIssuer.create();
});

afterAll(async () => {
  redis?.disconnect();
  await env?.cleanup();
});

/** A v7 id of time `ms`, made here: uuidv7(ms) would move the process's monotonic clock forward. */
function v7At(ms: number): string {
  const hex = ms.toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7abc-8def-${crypto.randomUUID().slice(-12)}`;
}

/** Claims of a token issued at `ms` (epoch milliseconds), as auth signs them. */
const issuedAt = (ms: number, sub = 'u-1') => ({ sub, jti: v7At(ms), iat: Math.floor(ms / 1000) });

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (err: unknown) => (err instanceof ProblemError ? err.code : String(err)),
  );

describe('revocation marks in Redis', () => {
  it('revokeToken keeps the jti for the rest of the token life, and nothing for an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    await revokeToken(redis, 'jti-live', now + 120);
    const ttl = await redis.ttl(revokedJtiKey('jti-live'));
    expect(ttl).toBeGreaterThan(110);
    expect(ttl).toBeLessThanOrEqual(120);
    await revokeToken(redis, 'jti-dead', now - 5);
    expect(await redis.exists(revokedJtiKey('jti-dead'))).toBe(0);
    // the keys carry the namespace prefix, as every service of the run reads them
    const raw = createRedis(env.envFor('x').REDIS_URL!, '');
    try {
      expect(await raw.exists(`${env.namespace}:revoked:jti:jti-live`)).toBe(1);
    } finally {
      raw.disconnect();
    }
  });

  it('revokeUserTokensBefore writes epoch seconds with milliseconds, kept for one token lifetime (21600 s)', async () => {
    const when = new Date('2030-01-02T03:04:05.678Z');
    await revokeUserTokensBefore(redis, 'u-mark', when);
    expect(await redis.get(revokedBeforeKey('u-mark'))).toBe(String(when.getTime() / 1000));
    const ttl = await redis.ttl(revokedBeforeKey('u-mark'));
    expect(ttl).toBeGreaterThan(21590);
    expect(ttl).toBeLessThanOrEqual(21600);
  });

  it('isRevoked: by jti, and by subject for tokens issued before the mark — to the millisecond', async () => {
    const mark = Date.now();
    await revokeUserTokensBefore(redis, 'u-1', new Date(mark));
    expect(await isRevoked(redis, issuedAt(mark - 60_000))).toBe(true);
    expect(await isRevoked(redis, issuedAt(mark - 1))).toBe(true);
    expect(await isRevoked(redis, issuedAt(mark + 1))).toBe(false);
    expect(await isRevoked(redis, issuedAt(mark + 60_000))).toBe(false);
    // another subject is untouched
    expect(await isRevoked(redis, issuedAt(mark - 60_000, 'u-2'))).toBe(false);
    // a token without the milliseconds (no v7 jti) counts from the start of its second
    expect(await isRevoked(redis, { sub: 'u-1', iat: Math.floor(mark / 1000) })).toBe(mark % 1000 !== 0);

    const jti = uuidv7();
    expect(await isRevoked(redis, { sub: 'u-3', jti, iat: Math.floor(Date.now() / 1000) })).toBe(false);
    await revokeToken(redis, jti, Math.floor(Date.now() / 1000) + 60);
    expect(await isRevoked(redis, { sub: 'u-3', jti, iat: Math.floor(Date.now() / 1000) })).toBe(true);
  });

  it('a mark in whole seconds (no milliseconds) refuses every token of that second, keeps later ones', async () => {
    const second = Math.floor(Date.now() / 1000);
    await redis.set(revokedBeforeKey('u-4'), String(second), 'EX', 60);
    expect(await isRevoked(redis, issuedAt(second * 1000 + 999, 'u-4'))).toBe(true);
    expect(await isRevoked(redis, issuedAt((second + 1) * 1000, 'u-4'))).toBe(false);
  });
});

describe('TokenVerifier with Redis', () => {
  it('refuses a revoked token with auth.token_revoked; revoke() revokes a good token only', async () => {
    const verifier = new TokenVerifier(issuer.keys, { redis });
    const token = await issuer.member('u-10');
    expect(await codeOf(verifier.verify(token))).toBe('accepted');
    expect(await verifier.revoke(token)).toBe(true);
    expect(await codeOf(verifier.verify(token))).toBe('auth.token_revoked');
    // another token of the same member is still good: logout ends one session
    expect(await codeOf(verifier.verify(await issuer.member('u-10')))).toBe('accepted');

    const foreign = await (await TestTokenIssuer.create()).member('u-10');
    expect(await verifier.revoke(foreign)).toBe(false);
    const expired = await issuer.sign({ sub: 'u-10', kind: 'user' }, { expiresIn: -10 });
    expect(await verifier.revoke(expired)).toBe(false);
    expect(await codeOf(verifier.verify(expired))).toBe('auth.token_expired');
  });

  it('refuses tokens issued before a subject mark, accepts the ones issued after it', async () => {
    const verifier = new TokenVerifier(issuer.keys, { redis });
    const before = await issuer.staff('admin', 'staff-1');
    await new Promise((r) => setTimeout(r, 5));
    await revokeUserTokensBefore(redis, 'staff-1');
    await new Promise((r) => setTimeout(r, 5));
    const after = await issuer.staff('admin', 'staff-1');
    expect(await codeOf(verifier.verify(before))).toBe('auth.token_revoked');
    expect(await codeOf(verifier.verify(after))).toBe('accepted');
  });

  it('fails closed, and quickly, when Redis cannot be asked: 503 service.unavailable', async () => {
    const away = createRedis(`redis://127.0.0.1:${await freePort()}`, env.namespace);
    away.on('error', () => undefined);
    try {
      const verifier = new TokenVerifier(issuer.keys, { redis: away, revocationTimeoutMs: 300 });
      const t0 = Date.now();
      expect(await codeOf(verifier.verify(await issuer.member()))).toBe('service.unavailable');
      expect(Date.now() - t0).toBeLessThan(2_000);
    } finally {
      away.disconnect();
    }
  });
});
