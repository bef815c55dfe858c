import { Migration } from '@rian/kit/db';

export class MediaVideosAndDocuments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table media_files add column original_name varchar(255) null`);
    this.addSql(`create table video_assets (
      id uuid primary key,
      status varchar(16) not null
        check (status in ('uploading', 'queued', 'transcoding', 'ready', 'failed')),
      progress integer not null default 0 check (progress between 0 and 100),
      original_name varchar(255) not null,
      bytes bigint not null check (bytes >= 0),
      duration_seconds double precision null check (duration_seconds >= 0),
      width integer null check (width > 0),
      height integer null check (height > 0),
      renditions jsonb not null default '[]',
      error text null,
      created_by varchar(64) null,
      job_published_at timestamptz null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
    // /admin/video's list, newest first; the relay's look for queued jobs not yet published
    this.addSql(`create index video_assets_created on video_assets (created_at desc, id desc)`);
    this.addSql(
      `create index video_assets_unpublished on video_assets (created_at) where status = 'queued' and job_published_at is null`,
    );
  }
}

export const videoMigrations = [{ name: 'media_0002_videos_and_documents', class: MediaVideosAndDocuments }];
