import { on } from '@rian/kit/consumer';
import type { Outbox } from '@rian/kit/outbox';
import { OrderPaid } from '@rian/proto-contracts/orders';
import { EnrolmentGranted } from '@rian/proto-contracts/learning';
import { uuidv7 } from '@rian/proto-contracts/uuid';

/**
 * An order was paid: the buyer is enrolled in every course the product grants (ARCHITECTURE §3
 * step 5), and `learning.enrolment.granted` is written for each enrolment that is new. Once per
 * (user, course): the inbox skips a redelivered event, and `unique (user_id, course_id)` with
 * `on conflict do nothing` skips a course the member already has (another order, the same order
 * sent as a new event) — no row, no event.
 */
export const onOrdersOrderPaid = (outbox: Outbox) =>
  on(OrderPaid, async (event, { em, logger }) => {
    const o = event.data;
    const courseIds = [...new Set(o.courseIds)];
    if (!courseIds.length) logger.info({ orderId: o.orderId }, 'paid order grants no course');
    for (const courseId of courseIds) {
      const inserted = (await em.execute(
        `insert into user_courses (enrolment_id, user_id, course_id, order_id, product_id, source, status, created_at)
         values (?, ?, ?, ?, ?, 'order', 'active', now())
         on conflict (user_id, course_id) do nothing
         returning enrolment_id, created_at`,
        [uuidv7(), o.userId, courseId, o.orderId, o.productId],
      )) as { enrolment_id: string; created_at: Date }[];
      const row = inserted[0];
      if (!row) continue;
      outbox.add(em, EnrolmentGranted, {
        enrolmentId: row.enrolment_id,
        userId: o.userId,
        courseId,
        source: 'order',
        orderId: o.orderId,
        productId: o.productId,
        grantedAt: new Date(row.created_at).toISOString(),
      });
    }
    await em.flush();
  });
