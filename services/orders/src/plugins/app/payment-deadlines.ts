import fp from 'fastify-plugin';
import type { EntityManager } from '@rian/kit/db';
import type { Kit } from '@rian/kit/service';
import { WAITING } from '../../domain/order-status.js';
import { cancelWaitingOrder } from './cancel-order.js';

/** Orders cancelled per transaction; the next poll takes the rest. */
const BATCH = 50;

/**
 * Unpaid orders expire (issue 6): an order still `wait`, with no slip waiting for staff, whose due
 * time — `due_at`, else `created_at` + the deadline — has passed is cancelled like a cancel by code
 * (`cancelledBy: 'deadline'`), which releases its coupon use and tells payments. The due time lives in
 * the database and is polled, so a restart loses nothing; `skip locked` lets replicas share the work.
 */
export class PaymentDeadlines {
  constructor(
    private readonly kit: Kit,
    private readonly deadlineHours: number,
    private readonly clock: () => Date,
  ) {}

  /** Cancels what is overdue now; answers how many. */
  async expireOverdue(): Promise<number> {
    if (this.deadlineHours <= 0) return 0;
    let total = 0;
    for (;;) {
      const now = this.clock();
      const count = await this.kit.orm.em.fork().transactional(async (em: EntityManager) => {
        const rows = (await em.execute(
          `select order_id, order_no, reference, user_id, coupon_id from orders
            where status = ? and not slip_pending
              and coalesce(due_at, created_at + make_interval(secs => ?)) <= ?
            order by created_at limit ${BATCH} for update skip locked`,
          [WAITING, this.deadlineHours * 3600, now] as never[],
        )) as Record<string, unknown>[];
        for (const row of rows) await cancelWaitingOrder(em, this.kit.outbox, row, 'deadline', now);
        return rows.length;
      });
      total += count;
      if (count < BATCH) return total;
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    paymentDeadlines: PaymentDeadlines;
  }
}

export default fp<{ deadlineHours: number; pollSeconds: number; clock?: () => Date }>(
  async (app, opts) => {
    const deadlines = new PaymentDeadlines(app.kit, opts.deadlineHours, opts.clock ?? (() => new Date()));
    app.decorate('paymentDeadlines', deadlines);
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.resolve();
    const tick = () => {
      running = deadlines
        .expireOverdue()
        .then((n) => n > 0 && app.log.info({ cancelled: n }, 'unpaid orders past their deadline cancelled'))
        .catch((error: unknown) =>
          app.log.warn({ err: error }, 'payment deadline poll failed; next poll retries'),
        )
        .finally(() => {
          if (timer) timer.refresh();
        });
    };
    app.addHook('onReady', async () => {
      if (opts.deadlineHours <= 0) return;
      timer = setTimeout(tick, opts.pollSeconds * 1000);
      timer.unref();
    });
    // preClose, not onClose: the poll must end before the kit's onClose closes the database pool —
    // a poll caught mid-transaction then waited 60 s (the pool's acquire timeout) for a connection
    app.addHook('preClose', async () => {
      clearTimeout(timer);
      timer = undefined;
      await running;
    });
  },
  { name: 'payment-deadlines' },
);
