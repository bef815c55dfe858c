import { on } from '@rian/kit/consumer';
import type { Outbox } from '@rian/kit/outbox';
import { OrderPaid } from '@rian/proto-contracts/orders';
import { EnrolmentGranted } from '@rian/proto-contracts/learning';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { lockMember } from '../../plugins/app/enrolments.js';

/**
 * An order was paid: the buyer is enrolled in every course the product grants (ARCHITECTURE §3
 * step 5), and `learning.enrolment.granted` is written for each enrolment that is new. Once per
 * (user, course): the inbox skips a redelivered event, and `unique (user_id, course_id)` with
 * `on conflict do nothing` skips a course the member already has (another order, the same order
 * sent as a new event) — no row, no event.
 *
 * A new enrolment has the spec's defaults (status, sptk and special N; docs/decisions.md D27) and
 * starts on the Asia/Bangkok day of the grant; it is the member's selected course when none is
 * selected yet (the first course of the member's first paid order), else select N.
 */
export const onOrdersOrderPaid = (outbox: Outbox) =>
  on(OrderPaid, async (event, { em, logger }) => {
    const o = event.data;
    const courseIds = [...new Set(o.courseIds)];
    if (!courseIds.length) logger.info({ orderId: o.orderId }, 'paid order grants no course');
    else await lockMember(em, o.userId);
    for (const courseId of courseIds) {
      const inserted = (await em.execute(
        `insert into user_courses (enrolment_id, user_id, course_id, order_id, product_id, source, status, created_at,
           selected, start_date)
         values (?, ?, ?, ?, ?, 'order', 'active', now(),
           case when exists (select 1 from user_courses where user_id = ? and selected = 'Y') then 'N' else 'Y' end,
           (now() at time zone 'Asia/Bangkok')::date)
         on conflict (user_id, course_id) do nothing
         returning enrolment_id, created_at`,
        [uuidv7(), o.userId, courseId, o.orderId, o.productId, o.userId],
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
