import type { Redis } from '@rian/kit/redis';
import type { Logger } from '@rian/kit/logger';
import { ProblemError } from '@rian/kit/errors';

/**
 * At most `slots` slip images decoded at once in this process: a decode of a large picture takes
 * width × height × 4 bytes, so 64 uploads at once must not decode 64 pictures at once. Callers wait
 * in a bounded queue for a bounded time; beyond either, 503 `payments.slip_busy`.
 */
export class DecodeSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** the most decodes that ran at once since start (a test reads it) */
  peak = 0;
  /** decodes started since start */
  started = 0;

  constructor(
    private readonly slots: number,
    private readonly queue: number,
    private readonly waitMs: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    this.started += 1;
    this.peak = Math.max(this.peak, this.running);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private async acquire(): Promise<void> {
    if (this.running < this.slots) {
      this.running += 1;
      return;
    }
    if (this.waiting.length >= this.queue) throw new ProblemError('payments.slip_busy');
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(turn);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(new ProblemError('payments.slip_busy'));
      }, this.waitMs);
      this.waiting.push(turn);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    // the slot passes straight to the next in line; otherwise it is free
    if (next) next();
    else this.running -= 1;
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
