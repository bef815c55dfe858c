import { Migration } from '@rian/kit/db';

/**
 * Insights' commerce figures (issue 20, D144–D146), all kept from events; only new tables (expand):
 * - `premium_members`: each member heard becoming Premium (`auth.user.status-changed` to Premium),
 *   with the first such moment; its Bangkok day holds the member's one conversion in
 *   `member_days.premium_conversions` (Premium → Wait → Premium counts once).
 * - `bookings`: one row per booking heard of (created, confirmed, unconfirmed, deleted, in any order;
 *   the newest confirmation change wins) — the bookings waiting for staff's confirmation now;
 *   `booking_days`: bookings made per Bangkok day (a deleted booking leaves its day).
 * - `book_deliveries`: per order, the newest delivery address moment (`bookings.book.requested`) and
 *   the newest dispatch flag (`orders.book.dispatched`, newest `changedAt` wins).
 * - `orders_cancelled`: orders cancelled (`orders.order.cancelled`): they wait for nothing.
 */
export class InsightsCommerceFigures extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table premium_members (
      user_id uuid primary key,
      first_premium_at timestamptz not null
    )`);
    this.addSql(`create table bookings (
      booking_id uuid primary key,
      created_day date null,
      confirmed boolean not null default false,
      confirm_changed_at timestamptz null,
      deleted boolean not null default false
    )`);
    this.addSql(
      `create index bookings_to_confirm on bookings (booking_id)
        where created_day is not null and not confirmed and not deleted`,
    );
    this.addSql(`create table booking_days (day date primary key, made integer not null default 0)`);
    this.addSql(`create table book_deliveries (
      order_id uuid primary key,
      requested_at timestamptz null,
      book_send char(1) not null default 'N' check (book_send in ('Y', 'N', 'C')),
      send_changed_at timestamptz null
    )`);
    this.addSql(
      `create index book_deliveries_to_send on book_deliveries (order_id) where requested_at is not null and book_send = 'N'`,
    );
    this.addSql(
      `create table orders_cancelled (order_id uuid primary key, cancelled_at timestamptz not null)`,
    );
  }
}

export const commerceFiguresMigrations = [
  { name: 'insights_0003_commerce_figures', class: InsightsCommerceFigures },
];
