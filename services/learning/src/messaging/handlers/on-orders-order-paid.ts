import { on } from '@rian/kit/consumer';
import type { Outbox } from '@rian/kit/outbox';
import { OrderPaid } from '@rian/proto-contracts/orders';
import { lockMember } from '../../plugins/app/enrolments.js';
import { grantForOrder } from '../../plugins/app/grant.js';

/**
 * An order was paid: the buyer is enrolled in every course the product grants (ARCHITECTURE §3
 * step 5), and `learning.enrolment.granted` is written for each enrolment that is new. Once per
 * (user, course): the inbox skips a redelivered event, and `unique (user_id, course_id)` with
 * `on conflict do nothing` skips a course the member already has (another order, the same order
 * sent as a new event) — no row, no event.
 *
 * The order itself is kept (`paid_orders`: buyer, product, courses then), so courses linked to the
 * product later can be granted to its past buyers (grant-missing).
 */
export const onOrdersOrderPaid = (outbox: Outbox) =>
  on(OrderPaid, async (event, { em, logger }) => {
    const o = event.data;
    const courseIds = [...new Set(o.courseIds)];
    await em.execute(
      `insert into paid_orders (order_id, user_id, product_id, course_ids, paid_at)
       values (?, ?, ?, ?::jsonb, ?::timestamptz) on conflict (order_id) do nothing`,
      [o.orderId, o.userId, o.productId, JSON.stringify(courseIds), o.paidAt],
    );
    if (!courseIds.length) logger.info({ orderId: o.orderId }, 'paid order grants no course');
    else await lockMember(em, o.userId);
    for (const courseId of courseIds) {
      await grantForOrder(em, outbox, {
        userId: o.userId,
        courseId,
        orderId: o.orderId,
        productId: o.productId,
      });
    }
    await em.flush();
  });
