import { Migration } from '@rian/kit/db';

export class CatalogInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table products (
      id uuid primary key,
      url varchar(120) not null,
      title varchar(200) not null,
      subtitle varchar(300) null,
      detail text null,
      start_date date null,
      to_date date null,
      price bigint not null check (price >= 0),
      price_unchanged bigint null check (price_unchanged >= 0),
      img varchar(300) null,
      img_course varchar(300) null,
      img_slide varchar(300) null,
      code varchar(40) null,
      courses_id varchar(64) null,
      year integer null,
      format varchar(16) not null default 'online' check (format in ('online', 'offline', 'hybrid')),
      type varchar(40) not null default 'product',
      status varchar(40) not null default 'coming',
      disable char(1) not null default 'N' check (disable in ('Y', 'N')),
      book char(1) not null default 'N' check (book in ('Y', 'N')),
      price_list char(1) not null default 'N' check (price_list in ('Y', 'N')),
      coin_pay char(1) not null default 'N' check (coin_pay in ('Y', 'N')),
      line_token varchar(300) null,
      telegram_token varchar(300) null,
      created_by varchar(64) null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint products_url_unique unique (url),
      constraint products_dates check (to_date is null or start_date is null or to_date >= start_date)
    )`);
    // lists are newest first; the public one only shows enabled products
    this.addSql(`create index products_created on products (created_at desc, id desc)`);
    this.addSql(
      `create index products_enabled_created on products (created_at desc, id desc) where disable = 'N'`,
    );
  }
}

export const migrations = [{ name: 'catalog_0001_init', class: CatalogInit }];
