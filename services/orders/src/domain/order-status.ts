/**
 * Order status (spec 02 §4): an order starts `wait`; `paid` once payment is confirmed; `not` is
 * the spec's cancelled ("a local transition to not exists"). Which move is allowed is data, so the
 * back office, cancel by code and later payments read one table.
 */
export const ORDER_STATUSES = ['wait', 'paid', 'not'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A new order, waiting for its payment. */
export const WAITING: OrderStatus = 'wait';
/** Paid: the buyer is enrolled. */
export const PAID: OrderStatus = 'paid';
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
/** Paid, and cancelled with its order. */
export const INSTALLMENT_PAID: InstallmentStatus = 'finish';
export const INSTALLMENT_CANCELLED: InstallmentStatus = 'not';
/** A slip sent for it, waiting for staff; back to `create` when they reject it. */
export const INSTALLMENT_SLIP_SENT: InstallmentStatus = 'wait';
/** The rows still open (not paid, not cancelled). */
export const INSTALLMENT_OPEN: readonly InstallmentStatus[] = ['create', 'approve', 'wait'];

/**
 * from → the statuses an instalment may become: a slip sent puts an open row in `wait`, a slip
 * rejected puts it back to `create`, a payment makes an open row `finish`, cancelling the order
 * makes every open row `not`. Paid and cancelled rows stay as they are.
 */
export const INSTALLMENT_TRANSITIONS: Readonly<Record<InstallmentStatus, readonly InstallmentStatus[]>> = {
  create: ['wait', 'finish', 'not'],
  approve: ['wait', 'finish', 'not'],
  wait: ['create', 'finish', 'not'],
  finish: [],
  not: [],
};

/** The statuses from which an instalment may become `to` (the guard of an update). */
export function installmentsBecoming(to: InstallmentStatus): InstallmentStatus[] {
  return INSTALLMENT_STATUSES.filter((from) => INSTALLMENT_TRANSITIONS[from].includes(to));
}

/** The statuses from which an order may become `to`. */
export function ordersBecoming(to: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((from) => ORDER_TRANSITIONS[from].includes(to));
}

/** Book dispatch flag (spec 02 §4): N not sent, Y sent, C (the spec's third value, kept as data). */
export const BOOK_DISPATCH = ['Y', 'N', 'C'] as const;
export type BookDispatch = (typeof BOOK_DISPATCH)[number];
