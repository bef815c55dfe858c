import type { Redis } from '@rian/kit/redis';
import type { Logger } from '@rian/kit/logger';
import { ProblemError, type ErrorCode } from '@rian/kit/errors';
import type { Config } from '../../config.js';

/**
 * The public booking form's limits per client IP, counted in Redis so every replica shares them
 * (keys `bookings:rl:*` under the namespace's prefix). Two counters:
 * - requests: every key check, slip upload and booking, whatever its outcome
 *   (BOOKINGS_REQUESTS_PER_WINDOW per BOOKINGS_REQUEST_WINDOW_SECONDS);
 * - misses: unknown or switched-off keys, BOOKINGS_KEY_MISSES_PER_WINDOW per
 *   BOOKINGS_KEY_MISS_WINDOW_SECONDS (10 per 10 minutes) and BOOKINGS_KEY_MISSES_PER_DAY (50). Once
 *   either is reached, the IP's next key is refused before it is looked up, so a guesser learns
 *   nothing more until the window ends.
 * Beyond either: 429 (`bookings.key_rate_limited`, or `bookings.slip_rate_limited` for uploads) with
 * `retryAfterSeconds`. Redis away → allowed and logged (the form must not fall over with it).
 */
const limited = (code: ErrorCode, seconds: number) =>
  new ProblemError(code, {
    extra: { retryAfterSeconds: seconds },
    headers: { 'retry-after': String(seconds) },
  });

export class ClientLimits {
  constructor(
    private readonly redis: Redis,
    private readonly logger: Logger,
    private readonly c: Config,
  ) {}

  /** Counts one request of `ip` and refuses it when the IP is over a limit. */
  async admit(ip: string, code: ErrorCode = 'bookings.key_rate_limited'): Promise<void> {
    let counts: number[];
    try {
      const res = await this.redis
        .multi()
        .set(this.key('req', ip), 0, 'EX', this.c.BOOKINGS_REQUEST_WINDOW_SECONDS, 'NX')
        .incr(this.key('req', ip))
        .get(this.key('miss', ip))
        .get(this.key('missday', ip))
        .exec();
      counts = [1, 2, 3].map((i) => Number(res?.[i]?.[1] ?? 0));
    } catch (err) {
      this.logger.warn({ err }, 'booking form limits unavailable (Redis); request allowed');
      return;
    }
    const [requests, misses, missesToday] = counts as [number, number, number];
    if (requests > this.c.BOOKINGS_REQUESTS_PER_WINDOW) throw limited(code, this.c.BOOKINGS_REQUEST_WINDOW_SECONDS);
    if (missesToday >= this.c.BOOKINGS_KEY_MISSES_PER_DAY) throw limited('bookings.key_rate_limited', 86_400);
    if (misses >= this.c.BOOKINGS_KEY_MISSES_PER_WINDOW) {
      throw limited('bookings.key_rate_limited', this.c.BOOKINGS_KEY_MISS_WINDOW_SECONDS);
    }
  }

  /** Counts an unknown or switched-off key tried from `ip`. */
  async miss(ip: string): Promise<void> {
    try {
      await this.redis
        .multi()
        .set(this.key('miss', ip), 0, 'EX', this.c.BOOKINGS_KEY_MISS_WINDOW_SECONDS, 'NX')
        .incr(this.key('miss', ip))
        .set(this.key('missday', ip), 0, 'EX', 86_400, 'NX')
        .incr(this.key('missday', ip))
        .exec();
    } catch (err) {
      this.logger.warn({ err }, 'booking key miss not counted (Redis)');
    }
  }

  private key(kind: string, ip: string): string {
    return `bookings:rl:${kind}:${ip}`;
  }
}
