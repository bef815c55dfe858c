/**
 * Order status (spec 02 §4): an order starts `wait`; `paid` once payment is confirmed; `not` is
 * the spec's cancelled ("a local transition to not exists"). Which move is allowed is data, so the
 * back office, cancel by code and later payments read one table.
 */
export const ORDER_STATUSES = ['wait', 'paid', 'not'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The cancelled status: such an order no longer holds a coupon use. */
export const CANCELLED: OrderStatus = 'not';
/** Orders in these statuses hold no use of their coupon (its limit counts every other order). */
export const HOLDS_NO_COUPON_USE: readonly OrderStatus[] = [CANCELLED];

/**
 * from → the statuses it may become. A paid order is not cancelled here: undoing a payment is a
 * refund, which is payments' business, not a status flip. A cancelled order stays cancelled (its
 * coupon use was released and may already be taken by someone else).
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  wait: ['paid', 'not'],
  paid: [],
  not: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/**
 * Instalment (order transfer) status, spec 02 §4: `create` and `approve` = waiting to pay, `wait` =
 * a slip sent, waiting for confirmation, `finish` = paid, `not` = cancelled.
 */
export const INSTALLMENT_STATUSES = ['create', 'approve', 'wait', 'finish', 'not'] as const;
export type InstallmentStatus = (typeof INSTALLMENT_STATUSES)[number];
/** What a new schedule's rows start as. */
export const INSTALLMENT_NEW: InstallmentStatus = 'create';
/** The rows still open when their order is cancelled: they become `not`. */
export const INSTALLMENT_OPEN: readonly InstallmentStatus[] = ['create', 'approve', 'wait'];

/** Book dispatch flag (spec 02 §4): N not sent, Y sent, C (the spec's third value, kept as data). */
export const BOOK_DISPATCH = ['Y', 'N', 'C'] as const;
export type BookDispatch = (typeof BOOK_DISPATCH)[number];
