import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JWTVerifyGetKey,
  type CryptoKey,
  type KeyObject,
} from 'jose';
import {
  AccessClaims,
  JWT_AUDIENCE,
  JWT_ISSUER,
  type AccessClaims as Claims,
} from '@rian/proto-contracts/auth';
import { Value } from '@sinclair/typebox/value';
import { ProblemError } from './errors.js';
import type { Redis } from './redis.js';
import { isRevoked, revokeToken } from './revocation.js';

/** The claims of a verified access token; auth's tokens also carry `jti`, `iat` and `exp`. */
export type Principal = Claims & { jti?: string; iat?: number; exp?: number };
export type KeySource = JWTVerifyGetKey | CryptoKey | KeyObject | Uint8Array;

export interface TokenVerifierOptions {
  /** where revocations are kept (see revocation.ts); without it revoked tokens are not detected */
  redis?: Redis;
  /** a revocation check slower than this answers 503 rather than holding the request */
  revocationTimeoutMs?: number;
}

/**
 * Verifies access tokens issued by auth: signature (JWKS), issuer, audience, expiry, claim shape,
 * and — with Redis — that the token was not revoked (logout, password reset, status change).
 */
export class TokenVerifier {
  private readonly key: KeySource;
  private readonly redis: Redis | undefined;
  private readonly revocationTimeoutMs: number;

  constructor(source: URL | string | KeySource, opts: TokenVerifierOptions = {}) {
    this.redis = opts.redis;
    this.revocationTimeoutMs = opts.revocationTimeoutMs ?? 1_500;
    this.key =
      typeof source === 'string' || source instanceof URL ? remoteKeysWithFallback(new URL(source)) : source;
  }

  async verify(token: string): Promise<Principal> {
    const principal = await this.verifySigned(token);
    if (this.redis && (await this.revoked(this.redis, principal))) {
      throw new ProblemError('auth.token_revoked');
    }
    return principal;
  }

  /**
   * Revokes a token everywhere (logout). Returns false, doing nothing, for a token that is not a
   * valid one of ours (forged, expired): there is nothing to revoke.
   */
  async revoke(token: string): Promise<boolean> {
    if (!this.redis) throw new Error('token revocation needs Redis');
    const p = await this.verifySigned(token).catch(() => undefined);
    if (!p?.jti || p.exp === undefined) return false;
    await revokeToken(this.redis, p.jti, p.exp);
    return true;
  }

  /** Fails closed: a revoked token must never pass because Redis is slow or away. */
  private async revoked(redis: Redis, p: Principal): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        isRevoked(redis, p),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('revocation check timed out')), this.revocationTimeoutMs);
        }),
      ]);
    } catch {
      throw new ProblemError('service.unavailable');
    } finally {
      clearTimeout(timer);
    }
  }

  private async verifySigned(token: string): Promise<Principal> {
    try {
      const { payload } = await jwtVerify(token, this.key as JWTVerifyGetKey, {
        issuer: JWT_ISSUER,
        audience: JWT_AUDIENCE,
        algorithms: ['EdDSA', 'RS256', 'ES256'],
        // a token that never expires could not be taken back once Redis forgets its revocation
        requiredClaims: ['exp'],
      });
      if (!Value.Check(AccessClaims, Value.Clean(AccessClaims, Value.Clone(payload)))) {
        throw new ProblemError('auth.unauthenticated');
      }
      return payload as unknown as Principal;
    } catch (err) {
      if (err instanceof ProblemError) throw err;
      if (err instanceof joseErrors.JWTExpired) throw new ProblemError('auth.token_expired');
      // the token may well be valid: a 401 would sign the user out for an outage of auth
      if (err instanceof KeysUnavailable) throw new ProblemError('service.unavailable');
      throw new ProblemError('auth.unauthenticated');
    }
  }
}

/** auth's keys could not be fetched (refused, timed out, an error page) and none were known before. */
class KeysUnavailable extends Error {
  constructor(cause: unknown) {
    super('signing keys unavailable', { cause });
    this.name = 'KeysUnavailable';
  }
}

/** A failure to fetch or read the key set, as opposed to a token no key matches. */
function fetchFailed(err: unknown): boolean {
  if (!(err instanceof joseErrors.JOSEError)) return true; // fetch's own TypeError (ECONNREFUSED in its cause), DNS...
  return (
    err instanceof joseErrors.JWKSTimeout ||
    err instanceof joseErrors.JWKSInvalid ||
    err.code === 'ERR_JOSE_GENERIC' // a non-200 answer or one that is not JSON
  );
}

/**
 * auth's JWKS, cached 10 minutes. While it cannot be fetched, the keys fetched last keep verifying
 * tokens; with none fetched yet, verification throws KeysUnavailable (→ 503, never 401).
 */
function remoteKeysWithFallback(url: URL): JWTVerifyGetKey {
  const remote = createRemoteJWKSet(url, {
    cooldownDuration: 5_000,
    cacheMaxAge: 10 * 60_000,
    timeoutDuration: 3_000,
  });
  return async (header, token) => {
    try {
      return await remote(header, token);
    } catch (err) {
      if (!fetchFailed(err)) throw err;
      const known = remote.jwks();
      if (!known) throw new KeysUnavailable(err);
      try {
        return await createLocalJWKSet(known)(header, token);
      } catch {
        // a key we never saw, while the set cannot be fetched: we cannot tell
        throw new KeysUnavailable(err);
      }
    }
  };
}

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^(?:Bearer\s+)?([A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+)$/.exec(header.trim());
  return m?.[1];
}
