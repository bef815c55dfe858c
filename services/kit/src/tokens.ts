import {
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

export type Principal = Claims;
export type KeySource = JWTVerifyGetKey | CryptoKey | KeyObject | Uint8Array;

/** Verifies access tokens issued by auth: signature (JWKS), issuer, audience, expiry and claim shape. */
export class TokenVerifier {
  private readonly key: KeySource;

  constructor(source: URL | string | KeySource) {
    this.key =
      typeof source === 'string' || source instanceof URL
        ? createRemoteJWKSet(new URL(source), {
            cooldownDuration: 5_000,
            cacheMaxAge: 10 * 60_000,
            timeoutDuration: 3_000,
          })
        : source;
  }

  async verify(token: string): Promise<Principal> {
    try {
      const { payload } = await jwtVerify(token, this.key as JWTVerifyGetKey, {
        issuer: JWT_ISSUER,
        audience: JWT_AUDIENCE,
        algorithms: ['EdDSA', 'RS256', 'ES256'],
      });
      if (!Value.Check(AccessClaims, Value.Clean(AccessClaims, Value.Clone(payload)))) {
        throw new ProblemError('auth.unauthenticated');
      }
      return payload as unknown as Principal;
    } catch (err) {
      if (err instanceof ProblemError) throw err;
      if (err instanceof joseErrors.JWTExpired) throw new ProblemError('auth.token_expired');
      if (err instanceof joseErrors.JWKSTimeout || (err as { code?: string }).code === 'ECONNREFUSED') {
        throw new ProblemError('service.unavailable');
      }
      throw new ProblemError('auth.unauthenticated');
    }
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^(?:Bearer\s+)?([A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+)$/.exec(header.trim());
  return m?.[1];
}
