import { Migration } from '@rian/kit/db';

/**
 * Issue 17: a book order's delivery address, copied from `bookings.book.requested` for the dispatch
 * list (D97). One row per order; the newest `requested_at` wins. The phone is sealed
 * (kit/secret-box, ORDERS_SECRET_KEY, purpose `orders:book-tel`).
 */
export class BookAddresses extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table order_book_addresses (
      order_id uuid primary key references orders (order_id) on delete cascade,
      fullname varchar(200) not null,
      tel_sealed text not null check (tel_sealed like 'v1.%'),
      address_text varchar(1000) not null,
      zip varchar(10) not null,
      note varchar(1000) null,
      requested_at timestamptz not null,
      updated_at timestamptz not null default now()
    )`);
  }
}

export const bookAddressMigrations = [{ name: 'orders_0010_book_addresses', class: BookAddresses }];
