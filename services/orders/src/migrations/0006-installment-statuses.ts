import { Migration } from '@rian/kit/db';

/**
 * Instalment statuses in the spec's words (spec 02 §4 Instalment transfer status): `create` (waiting
 * to pay) instead of the first slice's `wait` — which the spec keeps for "waiting for confirmation",
 * i.e. a slip sent — `finish` for paid and `not` for cancelled.
 */
export class InstallmentStatuses extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table order_transfers drop constraint if exists order_transfers_status_check`);
    this.addSql(
      `update order_transfers set status = case status when 'wait' then 'create' when 'paid' then 'finish' when 'cancel' then 'not' else status end`,
    );
    this.addSql(`alter table order_transfers alter column status set default 'create'`);
    this.addSql(
      `alter table order_transfers add constraint order_transfers_status_check check (status in ('create', 'approve', 'wait', 'finish', 'not'))`,
    );
  }
}

export const installmentStatusMigrations = [
  { name: 'orders_0006_installment_statuses', class: InstallmentStatuses },
];
