import { Migration } from '@rian/kit/db';

/**
 * Insights' read models (issue 20, D115–D116), all kept from events:
 * - `orders`: one row per order heard of (orders.order.created), the figures the day rows need when
 *   it is paid (total, discount, net, coupon, payment type); `paid_day` once paid. Written per event,
 *   never scanned by a dashboard read.
 * - `sales_days`, `sales_payment_days`, `sales_product_days`: one aggregate row per Bangkok day
 *   (and payment type / product): what the dashboard sums (≤ 366 rows per series for a year).
 * - `slips_waiting`: slips submitted and not yet approved or rejected.
 * - `member_days`: new members and Premium conversions per Bangkok day.
 * The kit inbox makes every handler run once per event, so the counters are replay-safe.
 */
export class InsightsInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table orders (
      order_id uuid primary key,
      product_id uuid not null,
      payment_type text not null,
      total bigint not null,
      discount bigint not null,
      net bigint not null,
      coupon_id uuid null,
      created_day date not null,
      paid_day date null
    )`);
    this.addSql(`create index orders_waiting on orders (order_id) where paid_day is null`);
    this.addSql(`create table sales_days (
      day date primary key,
      orders integer not null default 0,
      gross bigint not null default 0,
      discounts bigint not null default 0,
      net bigint not null default 0,
      coupons_used integer not null default 0
    )`);
    this.addSql(`create table sales_payment_days (
      day date not null,
      payment_type text not null,
      orders integer not null default 0,
      net bigint not null default 0,
      primary key (day, payment_type)
    )`);
    this.addSql(`create table sales_product_days (
      day date not null,
      product_id uuid not null,
      orders integer not null default 0,
      net bigint not null default 0,
      primary key (day, product_id)
    )`);
    this.addSql(`create table product_names (product_id uuid primary key, name text not null)`);
    this.addSql(`create table slips_waiting (slip_id uuid primary key, submitted_at timestamptz not null)`);
    this.addSql(`create table member_days (
      day date primary key,
      new_members integer not null default 0,
      premium_conversions integer not null default 0
    )`);
  }
}

export const migrations = [{ name: 'insights_0001_init', class: InsightsInit }];
