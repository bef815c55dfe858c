import type { EntityManager } from '@rian/kit/db';
import type { Outbox } from '@rian/kit/outbox';
import { OrderCancelled } from '@rian/proto-contracts/orders-admin';
import { CANCELLED, INSTALLMENT_CANCELLED } from '../../domain/order-status.js';
import { moveInstallments, moveOrder } from './order-lifecycle.js';

/** The order's row as selected (snake_case columns: order_id, order_no, reference, user_id, coupon_id). */
export type CancellableRow = Record<string, unknown>;

/**
 * The one way an order still waiting is cancelled (by code, by staff, by its deadline): status `not`
 * (the coupon use is released with it), open instalments `not`, and `orders.order.cancelled` in the
 * same transaction. The caller holds the order's row lock and has checked the transition.
 */
export async function cancelWaitingOrder(
  em: EntityManager,
  outbox: Outbox,
  row: CancellableRow,
  cancelledBy: string,
  now: Date,
): Promise<void> {
  await moveOrder(em, String(row.order_id), CANCELLED, { cancelled_at: now, updated_at: now });
  await moveInstallments(em, String(row.order_id), null, INSTALLMENT_CANCELLED);
  outbox.add(em, OrderCancelled, {
    orderId: String(row.order_id),
    orderNo: Number(row.order_no),
    reference: String(row.reference),
    userId: String(row.user_id),
    couponId: (row.coupon_id as string | null) ?? null,
    cancelledBy,
    cancelledAt: now.toISOString(),
  });
  await em.flush();
}
