import { Migration } from '@rian/kit/db';

export class NotificationsInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table deliveries (
      id uuid primary key,
      channel varchar(16) not null check (channel in ('email', 'line', 'telegram')),
      "to" varchar(254) not null,
      template varchar(100) not null,
      locale varchar(2) not null check (locale in ('th', 'en')),
      subject varchar(255) not null,
      text text not null,
      html text null,
      status varchar(16) not null default 'pending' check (status in ('pending', 'sent', 'logged', 'failed')),
      attempts int not null default 0,
      error text null,
      event_id uuid null,
      created_at timestamptz not null default now(),
      sent_at timestamptz null,
      next_attempt_at timestamptz not null default now(),
      constraint deliveries_event_template unique (event_id, template)
    )`);
    // the sender's claim query: due pending rows only
    this.addSql(`create index deliveries_due on deliveries (next_attempt_at) where status = 'pending'`);
    // staff look a recipient up by address, newest first
    this.addSql(`create index deliveries_to on deliveries (lower("to"), created_at desc)`);
    this.addSql(`create index deliveries_created on deliveries (created_at desc, id desc)`);
  }
}
