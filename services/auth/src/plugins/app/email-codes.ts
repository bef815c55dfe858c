import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Redis } from '@rian/kit/redis';

export type CodePurpose = 'register' | 'password-reset';
export type CodeCheck = 'ok' | 'mismatch' | 'expired';

/** Where the code for an address and purpose is kept (the lockout discards them too). */
export function codeKey(purpose: CodePurpose, email: string): string {
  return `auth:code:${purpose}:${email}`;
}

function digest(salt: string, code: string): Buffer {
  return createHash('sha256').update(`${salt}:${code}`).digest();
}

/**
 * Four-digit e-mail codes (ARCHITECTURE §6): random, only a salted hash kept in Redis, with a TTL
 * and a cap on wrong tries — past the cap the code is gone and a new one must be asked for.
 */
export class EmailCodes {
  constructor(
    private readonly redis: Redis,
    private readonly ttlSeconds: number,
    private readonly maxAttempts: number,
  ) {}

  private key(purpose: CodePurpose, email: string): string {
    return codeKey(purpose, email);
  }

  async issue(purpose: CodePurpose, email: string): Promise<string> {
    const code = String(randomInt(0, 10_000)).padStart(4, '0');
    const salt = randomBytes(16).toString('hex');
    const key = this.key(purpose, email);
    await this.redis
      .multi()
      .del(key)
      .hset(key, { salt, hash: digest(salt, code).toString('hex'), attempts: 0 })
      .expire(key, this.ttlSeconds)
      .exec();
    return code;
  }

  /** Checks a code; a correct one is consumed only by `consume`, so a failed registration can be retried. */
  async check(purpose: CodePurpose, email: string, code: string): Promise<CodeCheck> {
    const key = this.key(purpose, email);
    // count the try first (atomic), so parallel guesses cannot exceed the cap
    const attempts = await this.redis.hincrby(key, 'attempts', 1);
    const stored = await this.redis.hmget(key, 'salt', 'hash');
    const [salt, hash] = stored;
    if (!salt || !hash) {
      await this.redis.del(key);
      return 'expired';
    }
    if (attempts > this.maxAttempts) {
      await this.redis.del(key);
      return 'expired';
    }
    const ok = timingSafeEqual(digest(salt, code), Buffer.from(hash, 'hex'));
    if (!ok && attempts >= this.maxAttempts) await this.redis.del(key);
    return ok ? 'ok' : 'mismatch';
  }

  async consume(purpose: CodePurpose, email: string): Promise<void> {
    await this.redis.del(this.key(purpose, email));
  }
}
