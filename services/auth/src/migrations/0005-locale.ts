import { Migration } from '@rian/kit/db';

/**
 * Issue 20: the language a member reads e-mails in — chosen in the SPA at registration and
 * whenever they switch; existing members are Thai (the default).
 */
export class AuthUserLocale extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table users add column locale varchar(2) not null default 'th'`);
    this.addSql(`alter table users add constraint users_locale_check check (locale in ('th', 'en'))`);
  }
}

export const localeMigrations = [{ name: 'auth_0005_locale', class: AuthUserLocale }];
