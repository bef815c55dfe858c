import fp from 'fastify-plugin';
import type { Kit } from '@rian/kit/service';
import { publishLive } from '@rian/kit/live';
import { SLIPS_WAITING_TOPIC } from '@rian/proto-contracts/payments';

/**
 * The top-bar badge's live feed: after every committed change of the number of slips waiting
 * (submitted, approved, rejected, order cancelled) the current count is read again and published
 * on the live subject `payments.slips-waiting` (core NATS; the gateway streams it to staff over
 * SSE). It publishes the count, not a delta, so a lost message is healed by the next one, and
 * changes close together coalesce into one read. Nothing here is the record of truth:
 * `GET /admin/slips/count` is.
 */
export class SlipCountFeed {
  private kit: Kit | undefined;
  private count: (() => Promise<{ wait: number }>) | undefined;
  private running: Promise<void> | undefined;
  private again = false;

  attach(kit: Kit, count: () => Promise<{ wait: number }>): void {
    this.kit = kit;
    this.count = count;
  }

  /** Call after the change committed. Resolves once a count read after that call was published (or failed). */
  changed(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.publishLatest().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async publishLatest(): Promise<void> {
    const { kit, count } = this;
    if (!kit || !count) return;
    do {
      this.again = false;
      try {
        const counts = await count();
        if (!publishLive(kit.nats(), kit.names, SLIPS_WAITING_TOPIC, counts)) {
          kit.logger.debug('NATS not connected: waiting-slip count not published');
        }
      } catch (err) {
        kit.logger.warn({ err }, 'waiting-slip count not published');
      }
    } while (this.again);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    slipCountFeed: SlipCountFeed;
  }
}

export default fp<{ feed: SlipCountFeed }>(
  async (app, opts) => {
    opts.feed.attach(app.kit, () => app.slipReview.counts());
    app.decorate('slipCountFeed', opts.feed);
  },
  { name: 'slip-count-feed', dependencies: ['slip-review'] },
);
