import { Migration } from '@rian/kit/db';

export class NotificationsResend extends Migration {
  override async up(): Promise<void> {
    // staff send a failed delivery again (issue 20): how often, when last, by whom
    this.addSql(`alter table deliveries add column resent_count integer not null default 0`);
    this.addSql(`alter table deliveries add column resent_at timestamptz null`);
    this.addSql(`alter table deliveries add column resent_by varchar(64) null`);
    // the log searched by type (a template or its family prefix)
    this.addSql(
      `create index deliveries_template on deliveries (template varchar_pattern_ops, created_at desc)`,
    );
  }
}
