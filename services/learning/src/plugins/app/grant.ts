import type { EntityManager } from '@rian/kit/db';
import type { Outbox } from '@rian/kit/outbox';
import { EnrolmentGranted } from '@rian/proto-contracts/learning';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { recordEnrolmentChange, stateOfRow, type EnrolmentRow } from './enrolment-changes.js';

export interface OrderGrant {
  userId: string;
  courseId: string;
  orderId: string;
  productId: string;
}

/**
 * Enrols a buyer in one course because of a paid order, unless the member already has it
 * (`unique (user_id, course_id)`, `on conflict do nothing`), and writes `learning.enrolment.granted`
 * for a new enrolment only. The caller holds the member's lock (lockMember) in `em`'s transaction.
 * A new enrolment has the spec's defaults (D27), starts on the Asia/Bangkok day of the grant and is
 * the member's selected course when none is selected yet. Every new enrolment is also audited and
 * announced as `learning.enrolment.changed` (action granted), `changedBy` the staff id when staff
 * asked for it (grant-missing), null for a paid order. Returns the new enrolment's id, or null.
 */
export async function grantForOrder(
  em: EntityManager,
  outbox: Outbox,
  g: OrderGrant,
  changedBy: string | null = null,
): Promise<string | null> {
  const inserted = (await em.execute(
    `insert into user_courses (enrolment_id, user_id, course_id, order_id, product_id, source, status, created_at,
       selected, start_date)
     values (?, ?, ?, ?, ?, 'order', 'active', now(),
       case when exists (select 1 from user_courses where user_id = ? and selected = 'Y') then 'N' else 'Y' end,
       (now() at time zone 'Asia/Bangkok')::date)
     on conflict (user_id, course_id) do nothing
     returning *`,
    [uuidv7(), g.userId, g.courseId, g.orderId, g.productId, g.userId],
  )) as EnrolmentRow[];
  const row = inserted[0];
  if (!row) return null;
  outbox.add(em, EnrolmentGranted, {
    enrolmentId: row.enrolment_id,
    userId: g.userId,
    courseId: g.courseId,
    source: 'order',
    orderId: g.orderId,
    productId: g.productId,
    grantedAt: new Date(row.created_at).toISOString(),
  });
  await recordEnrolmentChange(em, outbox, {
    action: 'granted',
    before: null,
    after: stateOfRow(row),
    changedBy,
    at: new Date(row.created_at),
  });
  return row.enrolment_id;
}
