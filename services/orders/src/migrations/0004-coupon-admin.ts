import { Migration } from '@rian/kit/db';

/**
 * The coupon back office (spec 02 §3 Coupon, Coupon e-mail; §5): the form's remaining fields
 * (year, month, day, hour, payment — kept as data), codes unique whatever their case, and an id
 * for each e-mail entry so the back office can remove (soft) one by id.
 */
export class OrdersCouponAdmin extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table coupons
      add column year integer null,
      add column month integer null,
      add column day integer null,
      add column hour integer null,
      add column payment varchar(50) null`);
    this.addSql(`create unique index coupons_code_ci on coupons (lower(code))`);
    this.addSql(`alter table coupon_emails add column id uuid not null unique default gen_random_uuid()`);
  }
}

export const couponAdminMigrations = [{ name: 'orders_0004_coupon_admin', class: OrdersCouponAdmin }];
