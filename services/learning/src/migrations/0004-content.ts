import { Migration } from '@rian/kit/db';

/**
 * What a course is made of (issue 12): videos, Zoom rooms, sessions, documents and document lists,
 * and the read models they check against — catalog's instructors, media's video assets and private
 * document files.
 *
 * Foreign keys only where both rows are learning's own records: a session or video belongs to a
 * course (a course with content is not deleted: the service answers 409 first), a session's video
 * and Zoom room go to null when those are deleted (the service writes the sessions' change events
 * in the same transaction; the key is the safety net), document lists go with their document,
 * video, session or course. Read-model ids (instructor, asset, file) have no key: their rows come
 * and go with other services' events.
 *
 * A session's close is `close_date` (null is the spec's `unlimit`); its times are HH:mm text on its
 * Asia/Bangkok date, start before to when both are given.
 */
export class LearningContent extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table instructors (
      instructor_id uuid primary key,
      name varchar(200) not null,
      img varchar(300) null,
      hidden boolean not null default false,
      changed_at timestamptz not null,
      deleted_at timestamptz null
    )`);

    this.addSql(`create table video_assets (
      asset_id uuid primary key,
      status varchar(12) not null
        check (status in ('uploading', 'queued', 'transcoding', 'ready', 'failed')),
      progress integer not null check (progress between 0 and 100),
      duration_seconds double precision null,
      playlist varchar(300) null,
      poster varchar(300) null,
      error text null,
      original_name varchar(300) not null,
      bytes bigint not null,
      changed_at timestamptz not null
    )`);

    this.addSql(`create table media_documents (
      file_id uuid primary key,
      filename varchar(300) not null,
      content_type varchar(200) not null,
      bytes bigint not null,
      sha256 char(64) not null,
      created_by varchar(64) null,
      stored_at timestamptz not null
    )`);

    this.addSql(`create table videos (
      video_id uuid primary key,
      course_id uuid not null references courses (course_id),
      source varchar(8) not null default 'vimeo'
        check (source in ('vimeo', 'hls', 'embed', 'iframe', 'upload')),
      vimeo_id varchar(20) null check (vimeo_id ~ '^[0-9]{1,20}$'),
      hls_url varchar(500) null check (hls_url ~* '^https://'),
      embed_url varchar(500) null check (embed_url ~* '^https://'),
      asset_id uuid null,
      name varchar(200) not null,
      detail text null,
      item integer not null default 1 check (item >= 1),
      status varchar(8) not null default 'create' check (status in ('create', 'show', 'hide')),
      duration_seconds integer null check (duration_seconds >= 0),
      path varchar(300) null,
      created_by varchar(64) null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (source <> 'vimeo' or vimeo_id is not null),
      check (source <> 'hls' or hls_url is not null),
      check (source not in ('embed', 'iframe') or embed_url is not null),
      check (source <> 'upload' or asset_id is not null)
    )`);
    this.addSql(`create index videos_course_item on videos (course_id, item, video_id)`);
    this.addSql(`create index videos_asset on videos (asset_id) where asset_id is not null`);

    this.addSql(`create table zoom_rooms (
      zoom_room_id uuid primary key,
      title varchar(200) not null,
      url varchar(500) not null check (url ~* '^https://'),
      meeting_id varchar(20) null check (meeting_id ~ '^[0-9]{9,13}$'),
      passcode_sealed text null check (passcode_sealed like 'v1.%'),
      created_by varchar(64) null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
    this.addSql(`create index zoom_rooms_created on zoom_rooms (created_at desc, zoom_room_id desc)`);

    this.addSql(`create table course_sessions (
      session_id uuid primary key,
      course_id uuid not null references courses (course_id),
      type varchar(8) not null default 'video' check (type in ('video', 'real', 'meeting', 'live')),
      item integer not null default 1 check (item >= 1),
      title varchar(200) not null,
      detail text null,
      session_date date not null,
      start_time char(5) null check (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      to_time char(5) null check (to_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      close_date date null,
      view char(1) not null default 'Y' check (view in ('Y', 'N')),
      checkin char(1) not null default 'N' check (checkin in ('Y', 'N')),
      special char(1) not null default 'N' check (special in ('Y', 'N')),
      rating integer not null default 1 check (rating between 1 and 5),
      pdf varchar(300) null,
      video_id uuid null references videos (video_id) on delete set null,
      zoom_room_id uuid null references zoom_rooms (zoom_room_id) on delete set null,
      instructor_id uuid null,
      live_stream_id uuid null,
      created_by varchar(64) null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (start_time is null or to_time is null or start_time < to_time),
      check (close_date is null or close_date >= session_date)
    )`);
    this.addSql(
      `create index course_sessions_course_date on course_sessions (course_id, session_date, item)`,
    );
    this.addSql(`create index course_sessions_course_item on course_sessions (course_id, item)`);
    this.addSql(
      `create index course_sessions_video on course_sessions (video_id) where video_id is not null`,
    );
    this.addSql(
      `create index course_sessions_zoom_room on course_sessions (zoom_room_id) where zoom_room_id is not null`,
    );

    this.addSql(`create table documents (
      document_id uuid primary key,
      name varchar(200) not null,
      detail text null,
      type varchar(40) null,
      position integer not null default 1 check (position >= 1),
      file_id uuid not null,
      img varchar(300) null,
      created_by varchar(64) null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
    this.addSql(`create index documents_created on documents (created_at desc, document_id desc)`);

    this.addSql(`create table document_lists (
      document_list_id uuid primary key,
      document_id uuid not null references documents (document_id) on delete cascade,
      video_id uuid null references videos (video_id) on delete cascade,
      session_id uuid null references course_sessions (session_id) on delete cascade,
      course_id uuid null references courses (course_id) on delete cascade,
      item integer not null default 1 check (item >= 1),
      created_by varchar(64) null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint document_lists_one_target check (num_nonnulls(video_id, session_id, course_id) = 1),
      constraint document_lists_unique unique nulls not distinct (document_id, video_id, session_id, course_id)
    )`);
    this.addSql(
      `create index document_lists_video on document_lists (video_id, item) where video_id is not null`,
    );
    this.addSql(
      `create index document_lists_session on document_lists (session_id, item) where session_id is not null`,
    );
    this.addSql(
      `create index document_lists_course on document_lists (course_id, item) where course_id is not null`,
    );
  }
}

export const contentMigrations = [{ name: 'learning_0004_content', class: LearningContent }];
