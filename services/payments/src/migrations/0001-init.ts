import { Migration } from '@rian/kit/db';

/**
 * Payment attempts (one per order, or per instalment for payment type 8; the spec's order transfer
 * on payments' side) and the slips sent for them. Amounts are satang, copied from
 * `orders.order.created`. The partial unique indexes keep at most one slip waiting and one approved
 * per attempt, whatever the race.
 */
export class PaymentsInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table payment_attempts (
      attempt_id uuid primary key,
      order_id uuid not null,
      order_no bigint not null,
      reference varchar(14) not null,
      user_id varchar(64) not null,
      product_id uuid not null,
      payment_type smallint not null,
      order_net bigint not null check (order_net >= 0),
      installment boolean not null,
      period integer not null check (period >= 1),
      due_date date null,
      amount bigint not null check (amount >= 0),
      status varchar(8) not null default 'create' check (status in ('create', 'wait', 'finish', 'not')),
      paid_at timestamptz null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (order_id, period)
    )`);
    this.addSql(`create index payment_attempts_user on payment_attempts (user_id, created_at desc)`);

    this.addSql(`create table slips (
      slip_id uuid primary key,
      attempt_id uuid not null references payment_attempts (attempt_id),
      order_id uuid not null,
      user_id varchar(64) not null,
      amount bigint not null check (amount >= 0),
      payment_date date not null,
      payment_time varchar(5) not null,
      file_name varchar(64) not null,
      content_type varchar(32) not null,
      bytes integer not null,
      status varchar(8) not null default 'wait' check (status in ('wait', 'approved', 'rejected')),
      note text null,
      reviewed_by varchar(64) null,
      reviewed_at timestamptz null,
      created_at timestamptz not null default now()
    )`);
    this.addSql(`create index slips_status on slips (status, created_at)`);
    this.addSql(`create index slips_attempt on slips (attempt_id, created_at desc)`);
    this.addSql(`create unique index slips_one_waiting on slips (attempt_id) where status = 'wait'`);
    this.addSql(`create unique index slips_one_approved on slips (attempt_id) where status = 'approved'`);
  }
}

export const migrations = [{ name: 'payments_0001_init', class: PaymentsInit }];
