import { Migration } from '@rian/kit/db';

/** Issue 3 §C: personnel details, a member's four address slots, and the audit trail of user changes. */
export class AuthBackoffice extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table personnel
      add column nickname varchar(100) null,
      add column tel varchar(10) null,
      add column position varchar(100) null`);
    this.addSql(`create table user_addresses (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      format varchar(16) not null check (format in ('current', 'delivery')),
      type varchar(16) not null check (type in ('person', 'company')),
      fullname varchar(200) not null,
      vat_id varchar(13) null,
      tel varchar(10) not null,
      address varchar(500) not null,
      province_id integer not null,
      province_name varchar(100) not null,
      district_id integer not null,
      district_name varchar(100) not null,
      sub_district_id integer not null,
      sub_district_name varchar(100) not null,
      zip varchar(5) not null,
      note varchar(500) null,
      created_by uuid not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint user_addresses_slot unique (user_id, format, type)
    )`);
    this.addSql(`create table user_changes (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      field varchar(32) not null,
      before_value jsonb null,
      after_value jsonb null,
      changed_by varchar(64) not null,
      changed_by_kind varchar(8) not null check (changed_by_kind in ('staff', 'user')),
      changed_by_name varchar(254) null,
      changed_at timestamptz not null default now()
    )`);
    this.addSql(`create index user_changes_user on user_changes (user_id, changed_at desc)`);
    this.addSql(`create index users_created_at on users (created_at desc, id desc)`);
  }
}

export const backofficeMigrations = [{ name: 'auth_0003_backoffice', class: AuthBackoffice }];
