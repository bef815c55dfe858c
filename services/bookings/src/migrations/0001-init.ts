import { Migration } from '@rian/kit/db';

/**
 * Bookings' first tables (issue 17; spec 02 §3 Booking):
 * - `products`: catalog's products as last heard (`catalog.product.changed` / `.deleted`), the
 *   newest (changed_at, event id) kept; a deleted product stays as a row (deleted = true) so the
 *   keys and bookings that name it keep their title.
 * - `booking_keys`: a key code (stored upper-case, matched without regard to case) for a product,
 *   with its limit of bookings and an active flag.
 * - `booking_slips`: transfer slips uploaded with a key, private files in BOOKINGS_SLIP_DIR; a
 *   booking claims one (booking_id), an unclaimed one is removed after a day.
 * - `bookings`: one per person (e-mail, or signed-in member) and key — the unique indexes are the
 *   last line behind the locked count in the service. The phone is sealed (kit secret-box).
 */
export class BookingsInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table products (
      product_id uuid primary key,
      title text not null,
      book varchar(1) not null default 'N' check (book in ('Y', 'N')),
      courses_id text null,
      disable varchar(1) not null default 'N' check (disable in ('Y', 'N')),
      deleted boolean not null default false,
      changed_at timestamptz not null,
      event_id uuid not null,
      updated_at timestamptz not null default now()
    )`);
    this.addSql(`create table booking_keys (
      key_id uuid primary key,
      code varchar(40) not null check (code = upper(code)),
      product_id uuid not null references products (product_id),
      booking_limit integer not null check (booking_limit between 1 and 10000),
      active varchar(1) not null default 'Y' check (active in ('Y', 'N')),
      created_by varchar(64) null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      constraint booking_keys_code_unique unique (code)
    )`);
    this.addSql(`create index booking_keys_product on booking_keys (product_id, created_at desc)`);
    this.addSql(`create table booking_slips (
      slip_id uuid primary key,
      key_id uuid not null references booking_keys (key_id),
      file_name varchar(64) not null,
      content_type varchar(32) not null,
      bytes integer not null,
      booking_id uuid null,
      created_at timestamptz not null
    )`);
    this.addSql(`create index booking_slips_unclaimed on booking_slips (created_at) where booking_id is null`);
    this.addSql(`create table bookings (
      booking_id uuid primary key,
      key_id uuid not null references booking_keys (key_id),
      key_code varchar(40) not null,
      product_id uuid not null references products (product_id),
      user_id varchar(64) null,
      name varchar(100) not null,
      lname varchar(100) not null,
      email varchar(254) not null,
      tel_sealed text not null,
      address text not null,
      province_id integer not null,
      province_name text not null,
      district_id integer not null,
      district_name text not null,
      sub_district_id integer not null,
      sub_district_name text not null,
      zip varchar(5) not null,
      note text null,
      slip_id uuid null references booking_slips (slip_id),
      amount bigint null,
      payment_date date null,
      payment_time varchar(5) null,
      quantity integer not null default 1 check (quantity between 1 and 100),
      status varchar(8) not null check (status in ('new', 'wait')),
      confirm varchar(1) not null default 'N' check (confirm in ('Y', 'N')),
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    this.addSql(`create unique index bookings_key_email on bookings (key_id, lower(email))`);
    this.addSql(`create unique index bookings_key_user on bookings (key_id, user_id) where user_id is not null`);
    this.addSql(`create unique index bookings_slip on bookings (slip_id) where slip_id is not null`);
    this.addSql(`create index bookings_product on bookings (product_id, created_at desc, booking_id desc)`);
    this.addSql(`create index bookings_created on bookings (created_at desc, booking_id desc)`);
    this.addSql(`create index bookings_user on bookings (user_id, created_at desc) where user_id is not null`);
  }
}

export const migrations = [{ name: 'bookings_0001_init', class: BookingsInit }];
