import CircuitBreaker from 'opossum';
import type { Logger } from './logger.js';

export interface BreakerOptions {
  name: string;
  logger: Logger;
  /** a call slower than this counts as a failure */
  timeoutMs?: number;
  /** percentage of failures (within the rolling window) that opens the breaker */
  errorThresholdPercentage?: number;
  /** how long it stays open before letting one trial call through */
  resetTimeoutMs?: number;
  /** calls needed in the window before the percentage counts */
  volumeThreshold?: number;
  rollingCountTimeoutMs?: number;
  /** errors for which this returns false do not count against the upstream (e.g. a 404) */
  isFailure?: (err: unknown) => boolean;
}

export class BreakerOpenError extends Error {
  constructor(readonly breaker: string) {
    super(`${breaker} is unavailable (circuit open)`);
    this.name = 'BreakerOpenError';
  }
}

/** The breakers of this process by name (the latest one made under a name), for the metrics. */
const live = new Map<string, WeakRef<CircuitBreaker<never[], unknown>>>();

/** Each live breaker's state, for the `rian_breaker_state` gauge. */
export function* breakerStates(): Generator<[string, 'closed' | 'half_open' | 'open']> {
  for (const [name, ref] of live) {
    const b = ref.deref();
    if (!b) {
      live.delete(name);
      continue;
    }
    yield [name, b.halfOpen ? 'half_open' : b.opened ? 'open' : 'closed'];
  }
}

export type Breaker<A extends unknown[], R> = CircuitBreaker<A, R> & { run: (...args: A) => Promise<R> };

/**
 * Wraps a call to something outside the process (another service, a payment provider, SMTP...).
 * After enough failures the breaker opens and calls fail at once with BreakerOpenError instead of
 * hanging; after `resetTimeoutMs` one trial call decides whether it closes again.
 */
export function createBreaker<A extends unknown[], R>(
  fn: (...args: A) => Promise<R>,
  opts: BreakerOptions,
): Breaker<A, R> {
  const breaker = new CircuitBreaker<A, R>(fn, {
    name: opts.name,
    timeout: opts.timeoutMs ?? 5_000,
    errorThresholdPercentage: opts.errorThresholdPercentage ?? 50,
    resetTimeout: opts.resetTimeoutMs ?? 10_000,
    volumeThreshold: opts.volumeThreshold ?? 5,
    rollingCountTimeout: opts.rollingCountTimeoutMs ?? 10_000,
    ...(opts.isFailure ? { errorFilter: (err: unknown) => !opts.isFailure!(err) } : {}),
  });
  live.set(opts.name, new WeakRef(breaker as unknown as CircuitBreaker<never[], unknown>));
  breaker.on('open', () => opts.logger.warn({ breaker: opts.name }, 'breaker opened'));
  breaker.on('halfOpen', () => opts.logger.info({ breaker: opts.name }, 'breaker half-open'));
  breaker.on('close', () => opts.logger.info({ breaker: opts.name }, 'breaker closed'));
  // not `call`: opossum's own fire() calls this.call
  const run = async (...args: A): Promise<R> => {
    try {
      return await breaker.fire(...args);
    } catch (err) {
      if ((err as { code?: string }).code === 'EOPENBREAKER') throw new BreakerOpenError(opts.name);
      throw err;
    }
  };
  return Object.assign(breaker, { run });
}
