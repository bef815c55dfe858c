import type { Logger } from './logger.js';

export interface PassLoopOptions {
  /** what the passes are, for the log ("delivery", "reminder") */
  name: string;
  logger: Logger;
  /** one pass; answers how long to wait before the next (ms) */
  pass: () => Promise<number>;
  /** how long to wait after a pass that threw (ms) */
  retryMs: () => number;
}

/**
 * A background worker's rhythm: one pass, a wait the pass chose, the next pass — never two at
 * once. `start()` runs the first pass at once; `stop()` cancels the wait and waits for a pass under
 * way. A pass that throws is logged once per outage (and its recovery once), then tried again after
 * `retryMs()`. The timer never keeps the process alive.
 */
export class PassLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private failing = false;
  /** true before start() and after stop(): a pass in a loop of its own should end early */
  stopped = true;

  constructor(private readonly opts: PassLoopOptions) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.step().finally(() => {
        this.running = undefined;
      });
    }, ms);
    this.timer.unref?.();
  }

  private async step(): Promise<void> {
    let next: number;
    try {
      next = await this.opts.pass();
      if (this.failing) this.opts.logger.info(`${this.opts.name} passes work again`);
      this.failing = false;
    } catch (err) {
      // once per outage, not every pass
      if (!this.failing) this.opts.logger.warn({ err }, `${this.opts.name} pass failed; will retry`);
      this.failing = true;
      next = this.opts.retryMs();
    }
    this.schedule(next);
  }
}
