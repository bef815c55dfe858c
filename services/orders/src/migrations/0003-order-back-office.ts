import { Migration } from '@rian/kit/db';

/**
 * The order back office (spec 02 §3 Order, §4): book dispatch flag (orders_book_send), tracking
 * number and who recorded it (orders_tracking, orders_tracking_by), certificate flag, and the
 * spec's cancelled status `not` in place of the first slice's `cancel`.
 */
export class OrdersBackOffice extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table orders drop constraint orders_status_check`);
    this.addSql(`update orders set status = 'not' where status = 'cancel'`);
    this.addSql(
      `alter table orders add constraint orders_status_check check (status in ('wait', 'paid', 'not'))`,
    );
    this.addSql(`drop index orders_coupon`);
    this.addSql(`create index orders_coupon on orders (coupon_id) where status <> 'not'`);
    this.addSql(`alter table orders
      add column book_send char(1) not null default 'N' check (book_send in ('Y', 'N', 'C')),
      add column tracking varchar(100) null,
      add column tracking_by varchar(64) null,
      add column tracking_at timestamptz null,
      add column certificate char(1) not null default 'N' check (certificate in ('Y', 'N')),
      add column cancelled_at timestamptz null`);
    this.addSql(`create index orders_created on orders (created_at desc, order_no desc)`);
    this.addSql(`create index orders_status on orders (status)`);
    this.addSql(`create index order_details_product on order_details (product_id)`);
  }
}

export const orderBackOfficeMigrations = [{ name: 'orders_0003_order_back_office', class: OrdersBackOffice }];
