import { Migration } from '@rian/kit/db';

export class NotificationsContactLocale extends Migration {
  override async up(): Promise<void> {
    // the member's language (auth.user.registered / auth.user.locale-changed); null: not told, Thai
    this.addSql(`alter table user_contacts add column locale varchar(2) null`);
    this.addSql(`alter table user_contacts add column locale_changed_at timestamptz null`);
  }
}
