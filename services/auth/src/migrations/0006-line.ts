import { Migration } from '@rian/kit/db';

/**
 * Issue 20 (LINE for members): the LINE account a member linked with LINE Login, so notifications
 * can push to them. Nullable columns only (expand-safe); one LINE account belongs to at most one
 * member (D151).
 */
export class AuthUserLine extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table users
      add column line_user_id varchar(64) null,
      add column line_display_name varchar(200) null,
      add column line_linked_at timestamptz null`);
    this.addSql(`alter table users add constraint users_line_user_id_unique unique (line_user_id)`);
  }
}

export const lineMigrations = [{ name: 'auth_0006_line', class: AuthUserLine }];
