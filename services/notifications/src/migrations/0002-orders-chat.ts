import { Migration } from '@rian/kit/db';

export class NotificationsOrdersChat extends Migration {
  override async up(): Promise<void> {
    // a chat message with no channel token configured is recorded as skipped, never sent
    this.addSql(`alter table deliveries drop constraint deliveries_status_check`);
    this.addSql(`alter table deliveries add constraint deliveries_status_check
      check (status in ('pending', 'sent', 'logged', 'failed', 'skipped'))`);
    // the buyers' addresses, from auth.user.registered and orders.order.paid (read model)
    this.addSql(`create table user_contacts (
      user_id varchar(64) primary key,
      email varchar(254) not null,
      updated_at timestamptz not null default now()
    )`);
  }
}
