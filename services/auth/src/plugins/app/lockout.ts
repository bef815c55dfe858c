import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Redis } from '@rian/kit/redis';
import { ProblemError } from '@rian/kit/errors';
import { requestLocale } from '@rian/kit/problem';
import { ERRORS } from '@rian/proto-contracts/errors';
import type { Config } from '../../config.js';
import { normaliseEmail } from '../../domain/registration.js';

declare module 'fastify' {
  interface FastifyInstance {
    lockout: Lockout;
  }
}

/** Who signs in: a member by e-mail, staff by username; their failures are counted apart. */
export type SignInKind = 'member' | 'staff';

export interface LockoutSettings {
  emailMax: number;
  ipMax: number;
  windowSeconds: number;
  lockSeconds: number;
  codeRequestsPerEmail: number;
  codeRequestsWindowSeconds: number;
}

export function lockoutSettings(config: Config): LockoutSettings {
  return {
    emailMax: config.AUTH_LOCK_EMAIL_MAX,
    ipMax: config.AUTH_LOCK_IP_MAX,
    windowSeconds: config.AUTH_LOCK_WINDOW_SECONDS,
    lockSeconds: config.AUTH_LOCK_SECONDS,
    codeRequestsPerEmail: config.AUTH_CODE_REQUESTS_PER_EMAIL,
    codeRequestsWindowSeconds: config.AUTH_CODE_REQUESTS_WINDOW_SECONDS,
  };
}

/** Answers that mean "wrong secret": they count as failures. Anything else (validation, 503) does not. */
const SIGN_IN_FAILURES = new Set(['auth.invalid_credentials', 'auth.staff_invalid_credentials']);
const CODE_FAILURES = new Set(['auth.code_mismatch']);

const failedWith = (err: unknown, codes: Set<string>) => err instanceof ProblemError && codes.has(err.code);

/**
 * Brute-force resistance, in Redis so every replica counts together (issue 3 §D):
 * - sign-in failures are counted per account (member e-mail / staff username) and per IP within a
 *   window; reaching the maximum locks that account or IP for `lockSeconds` — even the right
 *   password is refused then (429 `auth.locked`, Retry-After). The lock does not depend on whether
 *   the account exists, so it tells nothing about it either;
 * - wrong e-mail codes count against the IP (each code also caps its own tries);
 * - e-mail code requests are limited per address (429 `http.rate_limited`).
 */
export class Lockout {
  constructor(
    private readonly redis: Redis,
    private readonly s: LockoutSettings,
  ) {}

  private accountKey(kind: SignInKind, id: string): string {
    return `${kind}:${kind === 'member' ? normaliseEmail(id) : id.trim()}`;
  }

  /** Runs a sign-in (member or staff) under the lockout; `id` is the e-mail or username given. */
  async signIn<T>(req: FastifyRequest, kind: SignInKind, id: string, attempt: () => Promise<T>): Promise<T> {
    const account = this.accountKey(kind, id);
    await this.assertOpen(req, [`auth:lock:on:${account}`, `auth:lock:on:ip:${req.ip}`]);
    try {
      const out = await attempt();
      // the account's count starts again; the IP's does not, or an attacker could reset it with an account of their own
      await this.redis.del(`auth:lock:fails:${account}`);
      return out;
    } catch (err) {
      if (failedWith(err, SIGN_IN_FAILURES)) {
        await this.fail([
          { name: account, max: this.s.emailMax },
          { name: `ip:${req.ip}`, max: this.s.ipMax },
        ]);
      }
      throw err;
    }
  }

  /** Runs something that checks an e-mailed code: wrong codes count against the IP. */
  async codeAttempt<T>(req: FastifyRequest, attempt: () => Promise<T>): Promise<T> {
    await this.assertOpen(req, [`auth:lock:on:ip:${req.ip}`]);
    try {
      return await attempt();
    } catch (err) {
      if (failedWith(err, CODE_FAILURES)) await this.fail([{ name: `ip:${req.ip}`, max: this.s.ipMax }]);
      throw err;
    }
  }

  /** Runs a code request (registration or password reset) unless the address had its share. */
  async codeRequest<T>(email: string, send: () => Promise<T>): Promise<T> {
    const key = `auth:code-requests:${normaliseEmail(email)}`;
    const window = this.s.codeRequestsWindowSeconds;
    const res = await this.redis.multi().set(key, 0, 'EX', window, 'NX').incr(key).ttl(key).exec();
    const count = Number(res?.[1]?.[1] ?? 0);
    if (count > this.s.codeRequestsPerEmail) {
      const ttl = Number(res?.[2]?.[1] ?? window);
      throw new ProblemError('http.rate_limited', {
        headers: { 'retry-after': String(ttl > 0 ? ttl : window) },
      });
    }
    return send();
  }

  private async assertOpen(req: FastifyRequest, lockKeys: string[]): Promise<void> {
    const left = await Promise.all(lockKeys.map((k) => this.redis.pttl(k)));
    const ms = Math.max(...left);
    if (ms <= 0) return; // -2: no lock; -1 (no expiry) never written
    const seconds = Math.ceil(ms / 1000);
    const minutes = String(Math.ceil(seconds / 60));
    const th = ERRORS['auth.locked'].th.replace(' N ', ` ${minutes} `);
    const en = ERRORS['auth.locked'].en.replace(' N ', ` ${minutes} `);
    throw new ProblemError('auth.locked', {
      detail: requestLocale(req) === 'en' ? en : th,
      headers: { 'retry-after': String(seconds) },
      extra: { retryAfterSeconds: seconds, messages: { th, en } },
    });
  }

  /** Counts one failure on each counter; a counter that reaches its maximum becomes a lock. */
  private async fail(counters: { name: string; max: number }[]): Promise<void> {
    const m = this.redis.multi();
    for (const c of counters) {
      const key = `auth:lock:fails:${c.name}`;
      // the window starts at the first failure; INCR keeps the expiry SET NX gave
      m.set(key, 0, 'EX', this.s.windowSeconds, 'NX').incr(key);
    }
    const res = (await m.exec()) ?? [];
    const full = counters.filter((c, i) => Number(res[i * 2 + 1]?.[1] ?? 0) >= c.max);
    if (!full.length) return;
    const lock = this.redis.multi();
    // the count starts again once the lock lifts
    for (const c of full) {
      lock.set(`auth:lock:on:${c.name}`, '1', 'EX', this.s.lockSeconds).del(`auth:lock:fails:${c.name}`);
    }
    await lock.exec();
  }
}

/** Decorates `app.lockout` for the sign-in and code routes. */
export const lockoutPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate('lockout', new Lockout(app.kit.redis, lockoutSettings(config)));
  },
  { name: 'auth-lockout' },
);
