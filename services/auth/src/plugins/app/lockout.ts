import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from '@rian/kit/redis';
import { ProblemError } from '@rian/kit/errors';
import { requestLocale } from '@rian/kit/problem';
import { ERRORS, type ErrorCode } from '@rian/proto-contracts/errors';
import { EmailCodesLocked } from '@rian/proto-contracts/auth';
import type { Static } from '@sinclair/typebox';
import type { Config } from '../../config.js';
import { normaliseEmail } from '../../domain/registration.js';
import { User } from '../../entities/user.js';
import { codeKey, type CodePurpose } from './email-codes.js';
import { KnownDevices } from './known-devices.js';

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
  /** wrong e-mail codes one address may see per window, whatever the IP; then its codes are locked */
  codeFailsMax: number;
  codeFailsWindowSeconds: number;
  deviceTtlSeconds: number;
  secureCookies: boolean;
}

export type CodesLockedNotice = Static<typeof EmailCodesLocked.schema>;

export function lockoutSettings(config: Config): LockoutSettings {
  return {
    emailMax: config.AUTH_LOCK_EMAIL_MAX,
    ipMax: config.AUTH_LOCK_IP_MAX,
    windowSeconds: config.AUTH_LOCK_WINDOW_SECONDS,
    lockSeconds: config.AUTH_LOCK_SECONDS,
    codeRequestsPerEmail: config.AUTH_CODE_REQUESTS_PER_EMAIL,
    codeRequestsWindowSeconds: config.AUTH_CODE_REQUESTS_WINDOW_SECONDS,
    codeFailsMax: config.AUTH_CODE_FAILS_MAX,
    codeFailsWindowSeconds: config.AUTH_CODE_FAILS_WINDOW_SECONDS,
    deviceTtlSeconds: config.AUTH_DEVICE_TTL_DAYS * 86_400,
    secureCookies: config.COOKIE_SECURE,
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
 * - wrong e-mail codes count against the IP (each code also caps its own tries) and against the
 *   address: `codeFailsMax` wrong codes within `codeFailsWindowSeconds` (registration and reset
 *   together) lock the address's codes until the window ends — its codes are gone, none can be asked
 *   for, and the owner is told once (`auth.email.codes-locked`). Tries are counted before the check,
 *   so parallel guesses cannot pass the budget;
 * - e-mail code requests are limited per address (429 `http.rate_limited`).
 */
export class Lockout {
  constructor(
    private readonly redis: Redis,
    private readonly s: LockoutSettings,
    private readonly codesLocked: (notice: CodesLockedNotice) => Promise<void> = async () => undefined,
  ) {
    this.devices = new KnownDevices(redis, s.deviceTtlSeconds, s.secureCookies);
  }

  private readonly devices: KnownDevices;

  private accountKey(kind: SignInKind, id: string): string {
    return `${kind}:${kind === 'member' ? normaliseEmail(id) : id.trim()}`;
  }

  /**
   * Runs a sign-in (member or staff) under the lockout; `id` is the e-mail or username given.
   * A member's account is locked wherever the failures came from; a staff account only for the IP
   * they came from, so nobody can lock `admin` out from elsewhere. A browser holding a device
   * cookie of this account (it signed in to it before) is judged by its own failures only, so the
   * owner's right password passes a lock strangers caused; a success gives (or renews) that cookie.
   */
  async signIn<T>(
    req: FastifyRequest,
    reply: FastifyReply,
    kind: SignInKind,
    id: string,
    attempt: () => Promise<T>,
  ): Promise<T> {
    const account = this.accountKey(kind, id);
    const lockName = kind === 'staff' ? `${account}:ip:${req.ip}` : account;
    const device = await this.devices.boundTo(req, account);
    await this.assertOpen(
      req,
      device ? [`auth:lock:on:device:${device}`] : [`auth:lock:on:${lockName}`, `auth:lock:on:ip:${req.ip}`],
    );
    try {
      const out = await attempt();
      // the account's count starts again; the IP's does not, or an attacker could reset it with an account of their own
      await this.redis.del(
        `auth:lock:fails:${lockName}`,
        ...(device ? [`auth:lock:fails:device:${device}`] : []),
      );
      await this.devices.remember(req, reply, account);
      return out;
    } catch (err) {
      if (failedWith(err, SIGN_IN_FAILURES)) {
        await this.fail([
          { name: lockName, max: this.s.emailMax },
          { name: `ip:${req.ip}`, max: this.s.ipMax },
          ...(device ? [{ name: `device:${device}`, max: this.s.emailMax }] : []),
        ]);
      }
      throw err;
    }
  }

  /**
   * Runs something that checks an e-mailed code sent to `email`: wrong codes count against the IP
   * and against the address's budget; the wrong code that spends the budget locks the address.
   */
  async codeAttempt<T>(
    req: FastifyRequest,
    purpose: CodePurpose,
    email: string,
    attempt: () => Promise<T>,
  ): Promise<T> {
    const address = normaliseEmail(email);
    await this.assertOpen(req, [`auth:lock:on:ip:${req.ip}`]);
    await this.assertCodesOpen(req, address);
    const fails = `auth:code-fails:${address}`;
    const window = this.s.codeFailsWindowSeconds;
    const res = await this.redis.multi().set(fails, 0, 'EX', window, 'NX').incr(fails).exec();
    const tries = Number(res?.[1]?.[1] ?? 0);
    if (tries > this.s.codeFailsMax) {
      await this.untry(fails);
      await this.assertCodesOpen(req, address);
      throw this.lockedProblem(req, 'auth.codes_locked', 3600, window);
    }
    try {
      const out = await attempt();
      await this.untry(fails);
      return out;
    } catch (err) {
      if (!failedWith(err, CODE_FAILURES)) {
        await this.untry(fails);
        throw err;
      }
      await this.fail([{ name: `ip:${req.ip}`, max: this.s.ipMax }]);
      if (tries < this.s.codeFailsMax) throw err;
      await this.lockCodes(address, purpose, fails);
      await this.assertCodesOpen(req, address);
      throw err;
    }
  }

  /** A try that was not a wrong code gives its place in the budget back (never below an expired window). */
  private async untry(key: string): Promise<void> {
    await this.redis.eval(
      `if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end return 0`,
      1,
      key,
    );
  }

  /** The budget is spent: no code for the address until its window ends, and the owner hears of it once. */
  private async lockCodes(address: string, purpose: CodePurpose, fails: string): Promise<void> {
    const left = await this.redis.pttl(fails);
    const ms = left > 0 ? left : this.s.codeFailsWindowSeconds * 1000;
    const locked = await this.redis.set(`auth:codes:locked:${address}`, '1', 'PX', ms, 'NX');
    await this.redis.del(codeKey('register', address), codeKey('password-reset', address));
    if (locked !== 'OK') return;
    await this.codesLocked({
      email: address,
      purpose,
      wrongCodes: this.s.codeFailsMax,
      windowSeconds: this.s.codeFailsWindowSeconds,
      lockedUntil: new Date(Date.now() + ms).toISOString(),
      locale: null,
    });
  }

  private async assertCodesOpen(req: FastifyRequest, address: string): Promise<void> {
    const ms = await this.redis.pttl(`auth:codes:locked:${address}`);
    if (ms > 0) throw this.lockedProblem(req, 'auth.codes_locked', 3600, Math.ceil(ms / 1000));
  }

  /** Runs a code request (registration or password reset) unless the address had its share or is locked. */
  async codeRequest<T>(req: FastifyRequest, email: string, send: () => Promise<T>): Promise<T> {
    await this.assertCodesOpen(req, normaliseEmail(email));
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

  /** 429 with Retry-After, the wait in whole units (minutes or hours) in the message's "N". */
  private lockedProblem(req: FastifyRequest, code: ErrorCode, unitSeconds: number, seconds: number) {
    const n = String(Math.ceil(seconds / unitSeconds));
    const th = ERRORS[code].th.replace(' N ', ` ${n} `);
    const en = ERRORS[code].en.replace(' N ', ` ${n} `);
    return new ProblemError(code, {
      detail: requestLocale(req) === 'en' ? en : th,
      headers: { 'retry-after': String(seconds) },
      extra: { retryAfterSeconds: seconds, messages: { th, en } },
    });
  }

  private async assertOpen(req: FastifyRequest, lockKeys: string[]): Promise<void> {
    const left = await Promise.all(lockKeys.map((k) => this.redis.pttl(k)));
    const ms = Math.max(...left);
    if (ms <= 0) return; // -2: no lock; -1 (no expiry) never written
    throw this.lockedProblem(req, 'auth.locked', 60, Math.ceil(ms / 1000));
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
    const tellOwner = async (notice: CodesLockedNotice) => {
      await app.kit.orm.em.fork().transactional(async (em) => {
        // a registered owner is written to in their language (issue 20); an unknown address: Thai
        const owner = await em.findOne(User, { email: notice.email }, { fields: ['locale'] });
        app.kit.outbox.add(em, EmailCodesLocked, { ...notice, locale: owner?.locale ?? notice.locale });
      });
      app.log.warn(
        { purpose: notice.purpose, lockedUntil: notice.lockedUntil },
        'e-mail codes locked for an address',
      );
    };
    app.decorate('lockout', new Lockout(app.kit.redis, lockoutSettings(config), tellOwner));
  },
  { name: 'auth-lockout' },
);
