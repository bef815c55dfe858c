import { Migration } from '@rian/kit/db';

/**
 * Orders' copy of payments' payment-type disable flags (from `payments.payment-type.changed`), so
 * checkout can refuse a disabled type without calling payments. No row: the type is enabled.
 */
export class PaymentTypeStates extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table payment_type_states (
      payment_type_id smallint primary key,
      disable char(1) not null check (disable in ('Y', 'N')),
      revision integer not null,
      changed_at timestamptz not null
    )`);
  }
}

export const paymentTypeStateMigrations = [
  { name: 'orders_0009_payment_type_states', class: PaymentTypeStates },
];
