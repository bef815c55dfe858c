import { Migration } from '@rian/kit/db';

/** Who approved the payment of an order and when (spec 02 §3 approve_by, approve_date). */
export class OrdersApproval extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table orders add column approve_by varchar(64) null, add column approve_date timestamptz null`,
    );
  }
}

export const orderApprovalMigrations = [{ name: 'orders_0007_order_approval', class: OrdersApproval }];
