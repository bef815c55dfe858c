import type { EntityManager } from '@rian/kit/db';
import type { Logger } from '@rian/kit/logger';
import type { Outbox } from '@rian/kit/outbox';
import { PermanentError } from '@rian/kit/errors';
import { OrderPaid, type PaymentType } from '@rian/proto-contracts/orders';
import { isMembershipCode } from '@rian/proto-contracts/enums';
import {
  CANCELLED,
  canTransition,
  INSTALLMENT_PAID,
  PAID,
  type OrderStatus,
} from '../domain/order-status.js';
import { moveInstallments, moveOrder } from '../plugins/app/order-lifecycle.js';
import { ProductCourseList } from '../entities/product-course-list.js';

/** What payments told us was paid: by a slip staff approved, or by a provider (card, UnionPay, QR). */
export interface PaymentReceived {
  orderId: string;
  /** instalment number (payment type 8), null for an order paid at once */
  period: number | null;
  /** approve_by: the staff member who approved the slip, or the provider and method (e.g. "2c2p:card") */
  approvedBy: string;
  paidAt: string;
}

/**
 * The one path from "payments says paid" to "order paid", shared by `payments.payment.approved` and
 * `payments.payment.succeeded`: the instalment it paid is `finish`, and the order moves from wait to
 * paid — for payment type 8 with its first instalment, which grants the enrolment — recording who
 * approved it and when, and `orders.order.paid` is written with it. Once only: the inbox skips a
 * redelivered event, and the order's status is the guard for the same payment sent twice.
 */
export async function markOrderPaid(
  em: EntityManager,
  outbox: Outbox,
  logger: Logger,
  payment: PaymentReceived,
): Promise<void> {
  const { orderId, period, approvedBy, paidAt: paidAtText } = payment;
  const [order] = (await em.execute(
    `select o.order_id, o.order_no, o.reference, o.user_id, o.status, o.net, o.payment_type,
          o.user_email, d.product_id, pp.member, sp.title as product_title
     from orders o
     left join lateral (select product_id, price_id from order_details
                         where order_id = o.order_id limit 1) d on true
     left join product_prices pp on pp.price_id = d.price_id
     left join sellable_products sp on sp.product_id = d.product_id
     where o.order_id = ? for update of o`,
    [orderId],
  )) as Record<string, unknown>[];
  // payments only knows orders it heard of from us: an unknown one cannot get better by retrying
  if (!order) throw new PermanentError(`payment received for unknown order ${orderId}`);

  if (period !== null) await moveInstallments(em, orderId, period, INSTALLMENT_PAID);
  const status = order.status as OrderStatus;
  // already paid (a later instalment, or the same payment again), or cancelled: the order stays
  if (!canTransition(status, PAID) || (period !== null && period !== 1)) {
    if (status === CANCELLED) logger.warn({ orderId }, 'payment received for a cancelled order; left as is');
    return;
  }

  const paidAt = new Date(paidAtText);
  await moveOrder(em, orderId, PAID, {
    approve_by: approvedBy,
    approve_date: paidAt,
    updated_at: new Date(),
  });
  const productId = String(order.product_id);
  const courses = await em.findOne(ProductCourseList, { productId });
  outbox.add(em, OrderPaid, {
    orderId,
    orderNo: Number(order.order_no),
    reference: String(order.reference),
    userId: String(order.user_id),
    productId,
    courseIds: courses?.courseIds ?? [],
    net: Number(order.net),
    paymentType: Number(order.payment_type) as PaymentType,
    paidAt: paidAt.toISOString(),
    period,
    // the price's member code, so auth can give it to the buyer (a price since deleted: none)
    ...(typeof order.member === 'string' && isMembershipCode(order.member)
      ? { membershipCode: order.member }
      : {}),
    // for notifications' order-confirmed e-mail
    ...(typeof order.user_email === 'string' && order.user_email ? { userEmail: order.user_email } : {}),
    ...(typeof order.product_title === 'string' ? { productTitle: order.product_title } : {}),
  });
  await em.flush();
}
