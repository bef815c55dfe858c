import type { BookDeliveryState } from '@rian/proto-contracts/bookings';
import type { BookDispatchSchema } from '@rian/proto-contracts/orders-admin';
import type { Static } from '@sinclair/typebox';

export type BookSend = Static<typeof BookDispatchSchema>;

/**
 * What moves a book delivery: the member saving the address, or orders' dispatch flag as staff set it
 * (`orders.book.dispatched`: Y sent, N not yet, C cancelled).
 */
export type BookDeliveryAction = 'address' | BookSend;

/** `back`: to `requested` when an address is kept, else `address_needed` (staff undid Y or C). */
type Target = BookDeliveryState | 'back';

/**
 * state → action → the next state; an action missing is refused. The member edits the address until
 * the book is sent or cancelled; orders' flag always wins (staff may correct it: N after Y or C puts
 * the request back where the address leaves it, and the member may edit again).
 */
export const BOOK_DELIVERY_MOVES: Readonly<
  Record<BookDeliveryState, Readonly<Partial<Record<BookDeliveryAction, Target>>>>
> = {
  address_needed: { address: 'requested', Y: 'dispatched', N: 'address_needed', C: 'cancelled' },
  requested: { address: 'requested', Y: 'dispatched', N: 'requested', C: 'cancelled' },
  dispatched: { Y: 'dispatched', N: 'back', C: 'cancelled' },
  cancelled: { Y: 'dispatched', N: 'back', C: 'cancelled' },
};

/** The state after `action`, or null when it is not allowed from `from`. */
export function nextDeliveryState(
  from: BookDeliveryState,
  action: BookDeliveryAction,
  hasAddress: boolean,
): BookDeliveryState | null {
  const to = BOOK_DELIVERY_MOVES[from][action];
  if (to === undefined) return null;
  if (to === 'back') return hasAddress ? 'requested' : 'address_needed';
  return to;
}

/** A new request: no address yet. */
export const DELIVERY_OPENED: BookDeliveryState = 'address_needed';
