import { Migration } from '@rian/kit/db';

export class MediaInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table media_files (
      id uuid primary key,
      visibility varchar(16) not null check (visibility in ('public', 'private')),
      kind varchar(32) not null,
      filename varchar(128) not null,
      content_type varchar(100) not null,
      bytes integer not null check (bytes >= 0),
      width integer null check (width > 0),
      height integer null check (height > 0),
      sha256 char(64) not null,
      created_by varchar(64) null,
      created_at timestamptz not null default now(),
      -- names are content-addressed: the same bytes uploaded again are the same file
      constraint media_files_name_unique unique (visibility, kind, filename)
    )`);
    // the back-office list: newest first, optionally of one kind
    this.addSql(`create index media_files_created on media_files (created_at desc, id desc)`);
    this.addSql(`create index media_files_kind_created on media_files (kind, created_at desc, id desc)`);
  }
}

export const migrations = [{ name: 'media_0001_init', class: MediaInit }];
