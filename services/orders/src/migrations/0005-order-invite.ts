import { Migration } from '@rian/kit/db';

/**
 * The referrer of an order (spec 02 §3 orders_invite), kept as the product page's address gave it;
 * indexed for the affiliates report and the back office's "orders of this referrer".
 */
export class OrdersInvite extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table orders add column invite varchar(64) null`);
    this.addSql(`create index orders_invite on orders (invite, created_at) where invite is not null`);
  }
}

export const orderInviteMigrations = [{ name: 'orders_0005_order_invite', class: OrdersInvite }];
