import { Migration } from '@rian/kit/db';

/**
 * Book delivery (issue 17; spec 01 §2 book-delivery button, §5 address rules; spec 02 §3 the
 * book-delivery record; D97):
 * - `book_deliveries`: one per paid order of a product with a book, opened on `orders.order.paid`
 *   (state address_needed); the member's address (phone sealed, kit secret-box with
 *   BOOKINGS_SECRET_KEY, purpose `bookings:book-tel`) and orders' dispatch flag and tracking as last
 *   heard (`orders.book.dispatched`, newest changedAt wins).
 * - `paid_orders_waiting`: a paid order whose product bookings has not heard of yet (the paid event
 *   came first); the request is opened when the product arrives, then the row goes.
 */
export class BookDeliveries extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table book_deliveries (
      order_id uuid primary key,
      order_no integer not null,
      user_id varchar(64) not null,
      product_id uuid not null,
      product_title text not null,
      course_ids jsonb not null default '[]',
      state varchar(16) not null
        check (state in ('address_needed', 'requested', 'dispatched', 'cancelled')),
      fullname varchar(200) null,
      tel_sealed text null check (tel_sealed like 'v1.%'),
      address text null,
      province_id integer null,
      province_name text null,
      district_id integer null,
      district_name text null,
      sub_district_id integer null,
      sub_district_name text null,
      zip varchar(5) null,
      note text null,
      requested_at timestamptz null,
      book_send varchar(1) not null default 'N' check (book_send in ('Y', 'N', 'C')),
      tracking varchar(100) null,
      dispatched_at timestamptz null,
      dispatch_changed_at timestamptz null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    this.addSql(
      `create index book_deliveries_user on book_deliveries (user_id, created_at desc, order_id desc)`,
    );
    this.addSql(`create table paid_orders_waiting (
      order_id uuid primary key,
      order_no integer not null,
      user_id varchar(64) not null,
      product_id uuid not null,
      product_title text null,
      course_ids jsonb not null default '[]',
      paid_at timestamptz not null,
      received_at timestamptz not null default now()
    )`);
    this.addSql(`create index paid_orders_waiting_product on paid_orders_waiting (product_id)`);
  }
}

export const bookDeliveryMigrations = [{ name: 'bookings_0002_book_deliveries', class: BookDeliveries }];
