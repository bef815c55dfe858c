import type { EntityManager } from '@rian/kit/db';
import { on } from '@rian/kit/consumer';
import { UserStatusChanged } from '@rian/proto-contracts/auth-admin';
import {
  BookingConfirmed,
  BookingCreated,
  BookingDeleted,
  BookingUnconfirmed,
  BookRequested,
} from '@rian/proto-contracts/bookings';
import { bangkokDay } from '@rian/proto-contracts/insights';
import { BookDispatched, OrderCancelled } from '@rian/proto-contracts/orders-admin';

/*
 * The commerce figures' read models (D144–D146), fed by events only. The kit inbox runs each handler
 * once per event id, in the transaction of its writes; every handler below is also written so that
 * the same fact heard twice (another event id) or out of order leaves the same rows.
 */

type Rows = Record<string, unknown>[];
type Em = EntityManager;

/**
 * A member's status changed (staff, or a paid order by system:orders). The first time a member is
 * heard becoming Premium is their one Premium conversion, on the Bangkok day of `changedAt`
 * (D144): Premium → Wait → Premium again counts nothing more. Heard out of order, an earlier
 * becoming-Premium moves the member's conversion to its day.
 */
export const onUserStatusChanged = on(UserStatusChanged, async (event, { em }) => {
  const d = event.data;
  if (d.to !== 'Premium' || d.from === 'Premium') return;
  const at = d.changedAt;
  const [was] = (await em.execute(
    `select first_premium_at from premium_members where user_id = ? for update`,
    [d.userId],
  )) as Rows;
  const day = bangkokDay(at);
  if (was) {
    const before = new Date(String(was.first_premium_at as Date | string));
    if (Date.parse(at) >= before.getTime()) return; // counted already, at or before this one
    await em.execute(`update premium_members set first_premium_at = ? where user_id = ?`, [at, d.userId]);
    await em.execute(
      `update member_days set premium_conversions = premium_conversions - 1
        where day = ? and premium_conversions > 0`,
      [bangkokDay(before)],
    );
  } else {
    await em.execute(`insert into premium_members (user_id, first_premium_at) values (?, ?)`, [d.userId, at]);
  }
  await em.execute(
    `insert into member_days (day, premium_conversions) values (?, 1)
     on conflict (day) do update set premium_conversions = member_days.premium_conversions + 1`,
    [day],
  );
});

/** One more (or one fewer) booking made on a Bangkok day (YYYY-MM-DD). */
const addMade = async (em: Em, day: string, by: 1 | -1) => {
  if (by === 1) {
    await em.execute(
      `insert into booking_days (day, made) values (?, 1)
       on conflict (day) do update set made = booking_days.made + 1`,
      [day],
    );
  } else {
    await em.execute(`update booking_days set made = made - 1 where day = ? and made > 0`, [day]);
  }
};

/**
 * A booking made: counted on the Bangkok day of `createdAt` (unless heard deleted already), and it
 * waits for staff's confirmation.
 */
export const onBookingCreated = on(BookingCreated, async (event, { em }) => {
  const d = event.data;
  const rows = (await em.execute(
    `insert into bookings (booking_id, created_day) values (?, ?)
     on conflict (booking_id) do update set created_day = excluded.created_day
     where bookings.created_day is null
     returning deleted`,
    [d.bookingId, bangkokDay(d.createdAt)],
  )) as Rows;
  if (!rows.length || rows[0]!.deleted) return; // heard already, or deleted already
  await addMade(em as Em, bangkokDay(d.createdAt), 1);
});

/** A confirmation given or taken back: the newest change wins (heard before the creation too). */
const confirmChanged = async (em: Em, bookingId: string, confirmed: boolean, at: string) => {
  await em.execute(
    `insert into bookings (booking_id, confirmed, confirm_changed_at) values (?, ?, ?)
     on conflict (booking_id) do update set confirmed = excluded.confirmed,
       confirm_changed_at = excluded.confirm_changed_at
     where bookings.confirm_changed_at is null or bookings.confirm_changed_at <= excluded.confirm_changed_at`,
    [bookingId, confirmed, at],
  );
};
export const onBookingConfirmed = on(BookingConfirmed, async (event, { em }) => {
  await confirmChanged(em as Em, event.data.bookingId, true, event.data.confirmedAt);
});
export const onBookingUnconfirmed = on(BookingUnconfirmed, async (event, { em }) => {
  await confirmChanged(em as Em, event.data.bookingId, false, event.data.unconfirmedAt);
});

/** Staff deleted a booking: it waits no more and leaves the day it was made on. */
export const onBookingDeleted = on(BookingDeleted, async (event, { em }) => {
  const rows = (await em.execute(
    `insert into bookings (booking_id, deleted) values (?, true)
     on conflict (booking_id) do update set deleted = true where not bookings.deleted
     returning to_char(created_day, 'YYYY-MM-DD') as created_day`,
    [event.data.bookingId],
  )) as Rows;
  const day = rows[0]?.created_day;
  if (day) await addMade(em as Em, String(day), -1);
});

/** A member gave (or changed) the delivery address of a paid order's book: the newest moment is kept. */
export const onBookRequested = on(BookRequested, async (event, { em }) => {
  const d = event.data;
  await em.execute(
    `insert into book_deliveries (order_id, requested_at) values (?, ?)
     on conflict (order_id) do update set requested_at = excluded.requested_at
     where book_deliveries.requested_at is null or book_deliveries.requested_at < excluded.requested_at`,
    [d.orderId, d.requestedAt],
  );
});

/** Staff set a book order's dispatch flag (Y sent, N not yet, C cancelled): the newest `changedAt` wins. */
export const onBookDispatched = on(BookDispatched, async (event, { em }) => {
  const d = event.data;
  await em.execute(
    `insert into book_deliveries (order_id, book_send, send_changed_at) values (?, ?, ?)
     on conflict (order_id) do update set book_send = excluded.book_send, send_changed_at = excluded.send_changed_at
     where book_deliveries.send_changed_at is null or book_deliveries.send_changed_at <= excluded.send_changed_at`,
    [d.orderId, d.bookSend, d.changedAt],
  );
});

/** An order cancelled: it no longer waits for payment, and its book is not to be sent. */
export const onOrderCancelled = on(OrderCancelled, async (event, { em }) => {
  await em.execute(
    `insert into orders_cancelled (order_id, cancelled_at) values (?, ?) on conflict do nothing`,
    [event.data.orderId, event.data.cancelledAt],
  );
});

export const COMMERCE_CONSUMERS = [
  onUserStatusChanged,
  onBookingCreated,
  onBookingConfirmed,
  onBookingUnconfirmed,
  onBookingDeleted,
  onBookRequested,
  onBookDispatched,
  onOrderCancelled,
];
