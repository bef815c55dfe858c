import { on } from '@rian/kit/consumer';
import { BookRequested } from '@rian/proto-contracts/bookings';
import { sealBookTel } from '../../domain/book-address.js';

/**
 * A member gave (or changed) the delivery address of a paid order's book in the member area (D97):
 * orders keeps its own copy for the dispatch list, the phone sealed. The newest `requestedAt` wins, so
 * a late or replayed event never undoes a newer address (the inbox already skips exact duplicates).
 * An order that is not this member's (or unknown here) is ignored and logged: bookings only sends
 * the member's own orders, so this is a fault upstream, never a reason to write.
 */
export const onBookingsBookRequested = (key: Buffer) =>
  on(BookRequested, async (event, { em, logger }) => {
    const d = event.data;
    const [order] = (await em.execute(`select user_id from orders where order_id = ?`, [d.orderId])) as {
      user_id: string;
    }[];
    if (!order || order.user_id !== d.userId) {
      logger.warn(
        { eventId: event.id, orderId: d.orderId, userId: d.userId, known: Boolean(order) },
        'bookings.book.requested for an order that is not this member’s: ignored',
      );
      return;
    }
    await em.execute(
      `insert into order_book_addresses
         (order_id, fullname, tel_sealed, address_text, zip, note, requested_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, now())
       on conflict (order_id) do update
          set fullname = excluded.fullname, tel_sealed = excluded.tel_sealed,
              address_text = excluded.address_text, zip = excluded.zip, note = excluded.note,
              requested_at = excluded.requested_at, updated_at = now()
        where order_book_addresses.requested_at < excluded.requested_at`,
      [
        d.orderId,
        d.fullname,
        sealBookTel(d.tel, key),
        d.addressText,
        d.zip,
        d.note,
        d.requestedAt,
      ] as never[],
    );
  });
