import { Migration } from '@rian/kit/db';
import { OrdersOrders } from './0002-orders.js';

/**
 * The catalog read model: orders' own copy of what is sold, fed by `catalog.*` events, so checkout
 * answers with catalog down (ARCHITECTURE §3). Each row keeps the revision (or, for products, the
 * change time and event id) it was written from; an older event never overwrites a newer one.
 * No foreign keys to products: events of different subjects arrive in any order.
 */
export class OrdersInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table sellable_products (
      product_id uuid primary key,
      url varchar(120) not null,
      title varchar(200) not null,
      price bigint not null check (price >= 0),
      disable char(1) not null check (disable in ('Y', 'N')),
      book char(1) not null check (book in ('Y', 'N')),
      coin_pay char(1) not null check (coin_pay in ('Y', 'N')),
      courses_id varchar(64) null,
      changed_at timestamptz not null,
      event_id uuid not null,
      updated_at timestamptz not null default now()
    )`);

    this.addSql(`create table product_prices (
      price_id uuid primary key,
      product_id uuid not null,
      type varchar(3) not null check (type in ('SEB', 'EB', 'NL')),
      member varchar(8) not null,
      value bigint not null check (value >= 0),
      show char(1) not null check (show in ('Y', 'N')),
      start_date date null,
      to_date date null,
      title varchar(200) not null,
      detail text null,
      fee char(1) not null check (fee in ('Y', 'N')),
      removed boolean not null,
      revision integer not null,
      changed_at timestamptz not null
    )`);
    this.addSql(`create index product_prices_product on product_prices (product_id) where not removed`);

    this.addSql(`create table product_courses (
      product_id uuid primary key,
      course_ids jsonb not null,
      revision integer not null,
      changed_at timestamptz not null
    )`);

    this.addSql(`create table installment_plans (
      plan_id uuid primary key,
      product_id uuid not null,
      name varchar(200) not null,
      detail text null,
      type varchar(8) not null check (type in ('all', 'email')),
      count integer not null check (count >= 1),
      start_date date null,
      to_date date null,
      revision integer not null,
      changed_at timestamptz not null
    )`);
    this.addSql(`create index installment_plans_product on installment_plans (product_id)`);

    this.addSql(`create table installment_plan_emails (
      plan_id uuid not null references installment_plans (plan_id) on delete cascade,
      email varchar(254) not null check (email = lower(email)),
      primary key (plan_id, email)
    )`);
    this.addSql(`create index installment_plan_emails_email on installment_plan_emails (email)`);

    this.addSql(`create table catalog_tombstones (
      kind varchar(32) not null check (kind in ('product', 'installment-plan')),
      id uuid not null,
      deleted_at timestamptz not null,
      primary key (kind, id)
    )`);
  }
}

export const migrations = [
  { name: 'orders_0001_init', class: OrdersInit },
  { name: 'orders_0002_orders', class: OrdersOrders },
];
