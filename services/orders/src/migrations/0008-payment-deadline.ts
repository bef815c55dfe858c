import { Migration } from '@rian/kit/db';

/**
 * Unpaid orders expire (issue 6): an order waiting for payment is cancelled once its deadline has
 * passed — `created_at` + ORDERS_PAYMENT_DEADLINE_HOURS, or `due_at` when set (a rejected slip gives
 * the buyer a new full deadline) — unless a slip is waiting for staff (`slip_pending`).
 */
export class PaymentDeadline extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table orders add column due_at timestamptz null`);
    this.addSql(`alter table orders add column slip_pending boolean not null default false`);
    this.addSql(`create index orders_waiting_since on orders (created_at) where status = 'wait'`);
  }
}

export const paymentDeadlineMigrations = [{ name: 'orders_0008_payment_deadline', class: PaymentDeadline }];
