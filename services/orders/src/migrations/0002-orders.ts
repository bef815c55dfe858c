import { Migration } from '@rian/kit/db';

/**
 * Orders, their details and instalment schedule, and coupons (spec 02 §3). Amounts are satang.
 * `order_no` comes from a sequence (the reference SPSK + 10 digits is built from it); one
 * Idempotency-Key per user makes a double click one order.
 */
export class OrdersOrders extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table coupons (
      coupon_id uuid primary key,
      code varchar(64) not null unique,
      name varchar(200) not null default '',
      detail text null,
      product_id uuid null,
      product_scope varchar(4) not null default 'Only' check (product_scope in ('Only', 'All')),
      type varchar(8) not null default 'All' check (type in ('All', 'Price', 'Percent', 'Point', 'Pay')),
      price bigint null check (price >= 0),
      percent numeric(5, 2) null check (percent between 0 and 100),
      point integer null check (point >= 0),
      pay bigint null check (pay >= 0),
      start_date date null,
      start_time varchar(5) null,
      to_date date null,
      to_time varchar(5) null,
      "limit" integer null check ("limit" >= 0),
      member_only char(1) not null default 'N' check (member_only in ('Y', 'N')),
      email_only char(1) not null default 'N' check (email_only in ('Y', 'N')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);

    this.addSql(`create table coupon_emails (
      coupon_id uuid not null references coupons (coupon_id) on delete cascade,
      email varchar(254) not null check (email = lower(email)),
      removed boolean not null default false,
      primary key (coupon_id, email)
    )`);

    this.addSql(`create sequence orders_order_no_seq`);
    this.addSql(`create table orders (
      order_id uuid primary key,
      order_no bigint not null unique,
      reference varchar(14) not null unique,
      user_id varchar(64) not null,
      user_email varchar(254) null,
      payment_type smallint not null default 4 check (payment_type in (1, 4, 6, 8)),
      status varchar(8) not null default 'wait' check (status in ('wait', 'paid', 'cancel')),
      total bigint not null check (total >= 0),
      discount bigint not null check (discount >= 0),
      vat bigint not null check (vat >= 0),
      fee bigint not null check (fee >= 0),
      withholding bigint not null check (withholding >= 0),
      net bigint not null check (net >= 0),
      receipt char(1) not null default 'N' check (receipt in ('Y', 'N')),
      receipt_type varchar(8) not null default 'person' check (receipt_type in ('person', 'company')),
      receipt_info jsonb null,
      coupon_id uuid null references coupons (coupon_id),
      idempotency_key varchar(100) not null,
      request_hash char(64) not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (user_id, idempotency_key)
    )`);
    this.addSql(`create index orders_user on orders (user_id, created_at desc, order_no desc)`);
    this.addSql(`create index orders_coupon on orders (coupon_id) where status <> 'cancel'`);

    this.addSql(`create table order_details (
      detail_id uuid primary key,
      order_id uuid not null references orders (order_id) on delete cascade,
      product_id uuid not null,
      price_id uuid not null,
      coupon_id uuid null references coupons (coupon_id),
      price bigint not null check (price >= 0),
      discount bigint not null check (discount >= 0),
      net bigint not null check (net >= 0),
      coin integer not null default 0 check (coin >= 0)
    )`);
    this.addSql(`create index order_details_order on order_details (order_id)`);

    this.addSql(`create table order_transfers (
      transfer_id uuid primary key,
      order_id uuid not null references orders (order_id) on delete cascade,
      period integer not null check (period >= 1),
      due_date date not null,
      amount bigint not null check (amount >= 0),
      status varchar(8) not null default 'wait' check (status in ('wait', 'paid', 'cancel')),
      unique (order_id, period)
    )`);
  }
}
