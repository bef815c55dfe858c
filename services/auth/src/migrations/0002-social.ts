import { Migration } from '@rian/kit/db';

/** Facebook link of a member (issue 3 §B): one Facebook account belongs to at most one member. */
export class AuthSocial extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table users
      add column facebook_id varchar(64) null,
      add column facebook_name varchar(200) null,
      add column facebook_picture_url text null`);
    this.addSql(`alter table users add constraint users_facebook_id_unique unique (facebook_id)`);
  }
}

export const socialMigrations = [{ name: 'auth_0002_social', class: AuthSocial }];
