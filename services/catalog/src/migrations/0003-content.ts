import { Migration } from '@rian/kit/db';

const meta = `created_by varchar(64) null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()`;

/**
 * Coaches, instructors, product details, product groups, bank accounts and limits. Everything
 * hanging off a product goes with it (on delete cascade); a detail type still used by detail
 * lists cannot be deleted (restrict: its content would vanish from every product page).
 */
export class CatalogContent extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table coaches (
      id uuid primary key,
      name varchar(200) not null,
      nickname varchar(100) null,
      detail text null,
      position varchar(200) null,
      img varchar(300) null,
      pr text null,
      ${meta}
    )`);
    this.addSql(`create index coaches_created on coaches (created_at, id)`);

    this.addSql(`create table product_coaches (
      id uuid primary key,
      product_id uuid not null references products (id) on delete cascade,
      coach_id uuid not null references coaches (id) on delete cascade,
      ${meta},
      constraint product_coaches_unique unique (product_id, coach_id)
    )`);
    this.addSql(`create index product_coaches_coach on product_coaches (coach_id)`);

    this.addSql(`create table instructors (
      id uuid primary key,
      name varchar(200) not null,
      detail text null,
      content text null,
      img varchar(300) null,
      item integer not null default 1 check (item >= 1),
      position varchar(200) null,
      facebook varchar(500) null,
      twitter varchar(500) null,
      youtube varchar(500) null,
      pinterest varchar(500) null,
      linkedin varchar(500) null,
      hide char(1) not null default 'N' check (hide in ('Y', 'N')),
      featured_months text[] not null default '{}',
      ${meta}
    )`);
    this.addSql(`create index instructors_visible on instructors (item, name, id) where hide = 'N'`);
    this.addSql(`create index instructors_featured on instructors using gin (featured_months)`);

    this.addSql(`create table product_detail_types (
      id uuid primary key,
      tab_name varchar(100) not null,
      item integer not null default 1 check (item >= 1),
      ${meta}
    )`);

    this.addSql(`create table product_detail_lists (
      id uuid primary key,
      product_id uuid not null references products (id) on delete cascade,
      type_id uuid not null references product_detail_types (id) on delete restrict,
      title varchar(300) not null,
      detail text null,
      item integer not null default 1 check (item >= 1),
      file varchar(300) null,
      img varchar(300) null,
      ${meta}
    )`);
    this.addSql(
      `create index product_detail_lists_product on product_detail_lists (product_id, item, created_at, id)`,
    );
    this.addSql(
      `create index product_detail_lists_type on product_detail_lists (type_id, item, created_at, id)`,
    );

    this.addSql(`create table product_detail_texts (
      id uuid primary key,
      detail_text text not null,
      ${meta}
    )`);

    this.addSql(`create table product_groups (
      id uuid primary key,
      product_id uuid not null references products (id) on delete cascade,
      member_group_id uuid not null,
      ${meta},
      constraint product_groups_unique unique (product_id, member_group_id)
    )`);
    this.addSql(`create index product_groups_member_group on product_groups (member_group_id)`);

    this.addSql(`create table bank_accounts (
      id uuid primary key,
      bank_name varchar(100) not null,
      account_name varchar(200) null,
      account varchar(30) not null,
      type varchar(50) null,
      image varchar(300) null,
      max bigint null check (max >= 0),
      icon varchar(300) null,
      disable char(1) not null default 'N' check (disable in ('Y', 'N')),
      ${meta}
    )`);

    this.addSql(`create table product_bank_limits (
      id uuid primary key,
      product_id uuid not null references products (id) on delete cascade,
      bank_account_id uuid not null references bank_accounts (id) on delete cascade,
      total bigint not null default 0 check (total >= 0),
      max bigint not null check (max >= 0),
      status varchar(16) not null default 'active' check (status in ('active', 'inactive')),
      ${meta},
      constraint product_bank_limits_unique unique (product_id, bank_account_id)
    )`);
    this.addSql(`create index product_bank_limits_account on product_bank_limits (bank_account_id)`);
  }
}

export const migrations = [{ name: 'catalog_0003_content', class: CatalogContent }];
