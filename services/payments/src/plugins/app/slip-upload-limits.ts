import type { Redis } from '@rian/kit/redis';
import type { Logger } from '@rian/kit/logger';
import { ProblemError } from '@rian/kit/errors';
import { DecodeSlots as KitDecodeSlots } from '@rian/kit/decode-slots';

/** The kit's decode slots, busy → 503 `payments.slip_busy`. */
export class DecodeSlots extends KitDecodeSlots {
  constructor(slots: number, queue: number, waitMs: number) {
    super(slots, queue, waitMs, 'payments.slip_busy');
  }
}

/**
 * Slip uploads per member per window, counted in Redis so every replica shares the count. Counted
 * before the body is read: whatever the outcome, each upload costs the member one. Redis away →
 * allowed (the decode slots still bound the process) and logged.
 */
export class MemberUploadLimit {
  constructor(
    private readonly redis: Redis,
    private readonly logger: Logger,
    private readonly max: number,
    private readonly windowSeconds: number,
  ) {}

  async admit(userId: string): Promise<void> {
    const key = `payments:slip-uploads:${userId}`;
    let count: number;
    try {
      // the window starts with the first upload in it (SET NX EX), then each upload counts
      const res = await this.redis.multi().set(key, 0, 'EX', this.windowSeconds, 'NX').incr(key).exec();
      count = Number(res?.[1]?.[1]);
      if (!Number.isFinite(count)) throw new Error('no count from Redis');
    } catch (err) {
      this.logger.warn({ err }, 'slip upload limit unavailable (Redis); upload allowed');
      return;
    }
    if (count > this.max) {
      throw new ProblemError('payments.slip_rate_limited', {
        extra: { retryAfterSeconds: this.windowSeconds },
      });
    }
  }
}
