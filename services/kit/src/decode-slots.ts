import { ProblemError, type ErrorCode } from './errors.js';

/**
 * At most `slots` images decoded at once in this process (payments' and bookings' slips): a decode
 * of a large picture takes width × height × 4 bytes, so 64 uploads at once must not decode 64
 * pictures at once. Callers wait in a bounded queue for a bounded time; beyond either, the `busy`
 * problem (a 503).
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
    private readonly busy: ErrorCode,
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
    if (this.waiting.length >= this.queue) throw new ProblemError(this.busy);
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(turn);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(new ProblemError(this.busy));
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
