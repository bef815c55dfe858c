import { Migration } from '@rian/kit/db';

/** The buyer's e-mail on each attempt (from orders.order.created), so staff see who sent a slip. */
export class PaymentsBuyerEmail extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table payment_attempts add column user_email varchar(254) null`);
  }
}

export const buyerEmailMigrations = [{ name: 'payments_0003_buyer_email', class: PaymentsBuyerEmail }];
