import { ProblemError } from '@rian/kit/errors';
import type { BookingStatus } from '@rian/proto-contracts/bookings';
import type { YesNo } from '@rian/proto-contracts/enums';

/**
 * Bookings' state as data (from → what it may become): every status or confirm change goes through
 * `nextStatus`, so a move the table does not list is refused (409 `bookings.status_conflict`)
 * instead of written. Staying put is always allowed (and changes nothing).
 *
 * A booking starts `new`; staff move it to `wait` (bulk wait, or an update) and may move it back.
 * Confirm starts N; staff confirm it (Y) — the once-only `bookings.booking.confirmed` is sent on
 * N → Y — and may take a confirmation back by an update.
 */
export type Transitions<S extends string> = Readonly<Record<S, readonly S[]>>;

export const BOOKING_STATUS_TRANSITIONS: Transitions<BookingStatus> = {
  new: ['wait'],
  wait: ['new'],
};

export const BOOKING_CONFIRM_TRANSITIONS: Transitions<YesNo> = {
  N: ['Y'],
  Y: ['N'],
};

export function canTransition<S extends string>(table: Transitions<S>, from: S, to: S): boolean {
  return from === to || (table[from]?.includes(to) ?? false);
}

export function nextStatus<S extends string>(machine: string, table: Transitions<S>, from: S, to: S): S {
  if (!canTransition(table, from, to)) {
    throw new ProblemError('bookings.status_conflict', { extra: { machine, from, to } });
  }
  return to;
}
