import { Migration } from '@rian/kit/db';

/**
 * Issue 15: live streams (the key sealed; comments numbered per stream), their comments and trade
 * calls, the names members show under them, and a course's live trade stream beside its channel. Course and session links to a stream stay as they
 * are (courses.live_streaming_id, course_sessions.live_stream_id: uuid, no foreign key — a deleted
 * stream is detached from them in the same transaction).
 */
export class LearningLive extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table live_streams (
      live_stream_id uuid primary key,
      name varchar(200) not null,
      detail text null,
      url varchar(200) null,
      server varchar(300) null,
      kind varchar(8) not null default 'stream' check (kind in ('stream', 'trade')),
      status varchar(4) not null default 'show' check (status in ('show', 'hide')),
      live char(1) not null default 'N' check (live in ('Y', 'N')),
      live_since timestamptz null,
      stream_key_sealed text not null,
      key_rotated_at timestamptz not null default now(),
      last_seq integer not null default 0,
      pinned_seq integer null,
      created_by varchar(64) null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
    this.addSql(`create table live_comments (
      live_stream_id uuid not null references live_streams (live_stream_id),
      seq integer not null,
      kind varchar(8) not null check (kind in ('comment', 'call')),
      user_id varchar(64) null,
      author_kind varchar(6) not null check (author_kind in ('member', 'staff')),
      author_name varchar(100) not null,
      course_id uuid null,
      session_id uuid null,
      text text not null,
      call jsonb null,
      stream_time integer null,
      created_at timestamptz not null default now(),
      hidden_at timestamptz null,
      hidden_by varchar(64) null,
      primary key (live_stream_id, seq)
    )`);
    this.addSql(`create index live_comments_course on live_comments (course_id, created_at desc)`);
    this.addSql(`create index live_comments_session on live_comments (session_id, created_at desc)`);
    this.addSql(
      `create index live_comments_calls on live_comments (live_stream_id, seq) where kind = 'call'`,
    );
    this.addSql(`alter table courses add column live_trade_id uuid null`);
    this.addSql(`create index courses_live_trade on courses (live_trade_id) where live_trade_id is not null`);
    this.addSql(
      `create index courses_live_stream on courses (live_streaming_id) where live_streaming_id is not null`,
    );
    this.addSql(
      `create index course_sessions_live_stream on course_sessions (live_stream_id) where live_stream_id is not null`,
    );
    this.addSql(`create table member_names (
      user_id varchar(64) primary key,
      name varchar(100) not null,
      changed_at timestamptz not null
    )`);
  }
}

export const liveMigrations = [{ name: 'learning_0009_live', class: LearningLive }];
