import { Migration } from '@rian/kit/db';

// a copy, not the enum of proto-contracts: a migration must keep meaning what it meant when it ran
const MEMBERSHIP_CODES = [
  'SPTRO',
  'SPTR',
  'COL',
  ...Array.from({ length: 10 }, (_, i) => `COL${i + 1}`),
  'NL',
  ...Array.from({ length: 5 }, (_, i) => `CG${i + 1}`),
];
const codes = MEMBERSHIP_CODES.map((c) => `'${c}'`).join(', ');

/**
 * Prices, packages, the courses a product grants, instalment plans and their e-mails. What hangs
 * off a product goes with it (on delete cascade: `catalog.product.deleted` tells consumers).
 * `revision` grows with every change so a read model can ignore an older event it sees late.
 */
export class CatalogCommerce extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table product_prices (
      id uuid primary key,
      product_id uuid not null references products (id) on delete cascade,
      type varchar(3) not null default 'NL' check (type in ('SEB', 'EB', 'NL')),
      member varchar(8) not null default 'NL' check (member in (${codes})),
      value bigint not null check (value >= 0),
      show char(1) not null default 'N' check (show in ('Y', 'N')),
      start_date date null,
      to_date date null,
      title varchar(200) not null,
      detail text null,
      fee char(1) not null default 'N' check (fee in ('Y', 'N')),
      removed char(1) not null default 'N' check (removed in ('Y', 'N')),
      removed_at timestamptz null,
      removed_by varchar(64) null,
      revision integer not null default 1,
      created_by varchar(64) null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint product_prices_dates check (to_date is null or start_date is null or to_date >= start_date)
    )`);
    this.addSql(`create index product_prices_product on product_prices (product_id, removed)`);

    this.addSql(`create table packages (
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
      format varchar(16) not null default 'online' check (format in ('online', 'offline', 'hybrid')),
      status varchar(40) not null default 'coming',
      disable char(1) not null default 'N' check (disable in ('Y', 'N')),
      book char(1) not null default 'N' check (book in ('Y', 'N')),
      price_list char(1) not null default 'Y' check (price_list in ('Y', 'N')),
      line_token varchar(300) null,
      telegram_token varchar(300) null,
      revision integer not null default 1,
      created_by varchar(64) null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint packages_url_unique unique (url),
      constraint packages_dates check (to_date is null or start_date is null or to_date >= start_date)
    )`);
    this.addSql(`create index packages_created on packages (created_at desc, id desc)`);

    // spec "Package product" (product_id, courses_id): kept as one ordered list per product, the
    // unit staff edit and the event carries
    this.addSql(`create table product_courses (
      product_id uuid primary key references products (id) on delete cascade,
      course_ids jsonb not null default '[]'::jsonb,
      revision integer not null default 1,
      updated_by varchar(64) null,
      updated_at timestamptz not null default now()
    )`);
    this.addSql(`create index product_courses_course on product_courses using gin (course_ids)`);

    this.addSql(`create table installment_plans (
      id uuid primary key,
      product_id uuid not null references products (id) on delete cascade,
      name varchar(200) not null,
      detail text null,
      type varchar(8) not null default 'all' check (type in ('all', 'email')),
      count integer not null default 2 check (count between 2 and 36),
      start_date date null,
      to_date date null,
      revision integer not null default 1,
      created_by varchar(64) null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint installment_plans_dates check (to_date is null or start_date is null or to_date >= start_date)
    )`);
    this.addSql(`create index installment_plans_product on installment_plans (product_id)`);
    this.addSql(`create index installment_plans_created on installment_plans (created_at desc, id desc)`);

    this.addSql(`create table installment_plan_emails (
      id uuid primary key,
      plan_id uuid not null references installment_plans (id) on delete cascade,
      email varchar(254) not null check (email = lower(email)),
      removed char(1) not null default 'N' check (removed in ('Y', 'N')),
      created_by varchar(64) null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint installment_plan_emails_unique unique (plan_id, email)
    )`);
    // "which plans may this e-mail use": the today lookup of a signed-in member
    this.addSql(
      `create index installment_plan_emails_email on installment_plan_emails (email) where removed = 'N'`,
    );
  }
}

export const migrations = [{ name: 'catalog_0002_commerce', class: CatalogCommerce }];
