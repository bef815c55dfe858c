import { Migration } from '@rian/kit/db';

export class AuthInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create sequence if not exists member_code_seq start 1`);
    this.addSql(`create table users (
      id uuid primary key,
      email varchar(254) not null unique,
      password_hash varchar(255) not null,
      first_name varchar(100) not null,
      last_name varchar(100) not null,
      nickname varchar(100) null,
      phone varchar(20) not null,
      status varchar(16) not null default 'New' check (status in ('New', 'Wait', 'Premium')),
      member_code varchar(20) not null unique,
      membership_codes jsonb not null default '[]',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
    this.addSql(`create table personnel (
      id uuid primary key,
      username varchar(100) not null unique,
      password_hash varchar(255) not null,
      name varchar(100) not null,
      last_name varchar(100) null,
      role varchar(16) not null default 'staff' check (role in ('admin', 'staff')),
      disabled boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
    this.addSql(`create table refresh_tokens (
      id uuid primary key,
      family uuid not null,
      subject_id uuid not null,
      subject_kind varchar(8) not null,
      token_hash varchar(64) not null unique,
      expires_at timestamptz not null,
      created_at timestamptz not null default now(),
      replaced_at timestamptz null,
      revoked_at timestamptz null
    )`);
    this.addSql(`create index refresh_tokens_family on refresh_tokens (family)`);
    this.addSql(`create index refresh_tokens_subject on refresh_tokens (subject_id)`);
    this.addSql(`create table signing_keys (
      kid varchar(64) primary key,
      alg varchar(16) not null,
      public_jwk jsonb not null,
      private_jwk jsonb not null,
      created_at timestamptz not null default now(),
      retired_at timestamptz null
    )`);
  }
}

export const migrations = [{ name: 'auth_0001_init', class: AuthInit }];
