import type { EntityManager } from '@rian/kit/db';
import type { DashboardAnswer } from '@rian/proto-contracts/insights';

type Rows = Record<string, unknown>[];
const n = (v: unknown) => Number(v ?? 0);

export interface CommerceFigures {
  bookings: DashboardAnswer['bookings'];
  booksToDispatch: DashboardAnswer['waiting']['booksToDispatch'];
}

/**
 * Bookings and books to dispatch (D145–D146):
 * - `bookings.made`: bookings made within `from`..`to` (Bangkok days of `createdAt`) and not deleted, a
 *   sum of day rows;
 * - `bookings.toConfirm`: bookings made, not deleted, whose confirmation is not given now (N) — the rows
 *   /admin/userCourseBooking?confirm=N lists;
 * - `booksToDispatch`: orders paid, not cancelled, whose member gave the delivery address and whose
 *   dispatch flag is N (not sent; Y sent and C cancelled are done) — the rows /admin/orders lists
 *   as "paid, address given, book not sent".
 */
export async function readCommerceFigures(
  em: EntityManager,
  from: string,
  to: string,
): Promise<CommerceFigures> {
  const [row] = (await em.execute(
    `select (select coalesce(sum(made), 0) from booking_days where day between ? and ?)::int as made,
            (select count(*) from bookings where created_day is not null and not confirmed and not deleted)::int
              as to_confirm,
            (select count(*) from book_deliveries b join orders o on o.order_id = b.order_id
              where b.requested_at is not null and b.book_send = 'N' and o.paid_day is not null
                and not exists (select 1 from orders_cancelled c where c.order_id = b.order_id))::int as to_send`,
    [from, to],
  )) as Rows;
  return {
    bookings: { made: n(row?.made), toConfirm: n(row?.to_confirm) },
    booksToDispatch: n(row?.to_send),
  };
}
