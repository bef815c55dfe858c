import { ACCESS_TOKEN_TTL_SECONDS } from '@rian/proto-contracts/auth';
import { UUID_V7_PATTERN, uuidv7Time } from '@rian/proto-contracts/uuid';
import type { Redis } from './redis.js';

/**
 * Access tokens live 21600 s and are checked by every service without asking auth, so revoking
 * one means telling every service through Redis (all of them share it, under RIAN_NAMESPACE):
 * - `revoked:jti:<jti>`: one token (logout), kept for the rest of its life;
 * - `revoked:before:<userId>` = epoch seconds: every token of that subject issued before the mark
 *   (password reset, status or membership change), kept for one token lifetime — after that every
 *   token older than the mark has expired anyway. Write it with `revokeUserTokensBefore`: its
 *   milliseconds let a token issued just after the mark (the same second) through.
 */
export const revokedJtiKey = (jti: string): string => `revoked:jti:${jti}`;
export const revokedBeforeKey = (userId: string): string => `revoked:before:${userId}`;

/** What a revocation check needs from a token's claims. */
export interface RevocableClaims {
  sub: string;
  jti?: string;
  /** epoch seconds */
  iat?: number;
}

/** Refuses one token (by its `jti`) everywhere until it would have expired (`exp`, epoch seconds). */
export async function revokeToken(redis: Redis, jti: string, exp: number): Promise<void> {
  const ttl = Math.ceil(exp - Date.now() / 1000);
  if (ttl <= 0) return; // already expired: every verifier refuses it anyway
  await redis.set(revokedJtiKey(jti), '1', 'EX', ttl);
}

/** Refuses every access token of `userId` (member or staff) issued before `when`. */
export async function revokeUserTokensBefore(
  redis: Redis,
  userId: string,
  when: Date = new Date(),
): Promise<void> {
  // milliseconds kept: a token issued later within the same second must stay good
  const mark = (when.getTime() / 1000).toFixed(3);
  await redis.set(revokedBeforeKey(userId), mark, 'EX', ACCESS_TOKEN_TTL_SECONDS);
}

const V7 = new RegExp(UUID_V7_PATTERN);

/**
 * When a token was issued, in milliseconds. `iat` has whole seconds only; auth's `jti` is a UUIDv7
 * carrying the milliseconds, used when it agrees with `iat`. Without it the start of the second
 * counts, so a token of the same second as a mark is refused rather than let through.
 */
export function issuedAtMs(claims: RevocableClaims): number | undefined {
  if (claims.iat === undefined) return undefined;
  if (claims.jti && V7.test(claims.jti)) {
    const ms = uuidv7Time(claims.jti);
    if (Math.floor(ms / 1000) === claims.iat) return ms;
  }
  return claims.iat * 1000;
}

/** Whether the token was revoked by its `jti` or by a `revoked:before` mark of its subject. */
export async function isRevoked(redis: Redis, claims: RevocableClaims): Promise<boolean> {
  const keys = [revokedBeforeKey(claims.sub), ...(claims.jti ? [revokedJtiKey(claims.jti)] : [])];
  const [before, byJti] = await redis.mget(...keys);
  if (byJti) return true;
  if (!before) return false;
  const mark = Number(before);
  if (!Number.isFinite(mark)) return false;
  if (claims.iat === undefined) return true;
  // a mark in whole seconds does not say when within that second: refuse all of that second
  if (/^\d+$/.test(before)) return claims.iat <= mark;
  const issued = issuedAtMs(claims) ?? 0;
  return issued < mark * 1000;
}
