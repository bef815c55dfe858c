import { Migration } from '@mikro-orm/migrations';

class KitOutboxInbox extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists kit_outbox (
      id uuid primary key,
      type varchar(255) not null,
      envelope jsonb not null,
      created_at timestamptz not null default now(),
      attempts int not null default 0,
      next_attempt_at timestamptz not null default now(),
      published_at timestamptz null,
      last_error text null
    )`);
    this.addSql(
      `create index if not exists kit_outbox_pending on kit_outbox (next_attempt_at, created_at) where published_at is null`,
    );
    this.addSql(`create table if not exists kit_inbox (
      event_id uuid not null,
      consumer varchar(255) not null,
      type varchar(255) not null,
      processed_at timestamptz not null default now(),
      primary key (event_id, consumer)
    )`);
  }
}

/** Tables every service has: the outbox (events to publish) and the inbox (events already handled). */
export const kitMigrations = [{ name: 'kit_0001_outbox_inbox', class: KitOutboxInbox }];
