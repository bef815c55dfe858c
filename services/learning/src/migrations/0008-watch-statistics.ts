import { Migration } from '@rian/kit/db';

/**
 * Watch statistics (issue 14; spec 01 §3 VideoStatistics, UserDetail, UserPort):
 * - `video_statistics`: one row per playback (spec VideoStatistics), with what the heartbeats need —
 *   the hashed beat token of the beacon, the last accepted sequence and beat time;
 * - `video_progress`: per member × video (seconds, merged coverage ranges, last / furthest position,
 *   last viewed, ended);
 * - `watch_days`: per member × Asia/Bangkok day × video (seconds); week and month roll up from it;
 * - `watch_devices`: the devices and addresses a member played from in a day (one row per value, for
 *   the staff flag; rows older than WATCH_DEVICE_DAYS are pruned);
 * - `user_details`, `user_ports`: the members' own records of spec 01 §3.
 * No raw beats are kept. Numbered 0008: 0007 is taken by another change in flight.
 */
export class LearningWatchStatistics extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table video_statistics (
      statistic_id uuid primary key,
      user_id varchar(64) not null,
      video_id uuid not null,
      session_id uuid null,
      course_id uuid not null,
      product_id uuid null,
      duration_seconds integer null,
      time_start double precision not null,
      time_end double precision not null,
      cur_time_end double precision not null,
      time_total double precision not null default 0,
      pause_total integer not null default 0,
      end_total integer not null default 0,
      three_min_total integer not null default 0,
      five_min_total integer not null default 0,
      ten_min_total integer not null default 0,
      visit_date date not null,
      event varchar(8) null check (event in ('Ended')),
      count integer not null,
      device varchar(120) null,
      ip varchar(64) null,
      took_over boolean not null default false,
      beat_token_hash char(64) not null,
      last_seq integer not null default 0,
      last_beat_at timestamptz null,
      started_at timestamptz not null
    )`);
    this.addSql(
      `create index video_statistics_user_video on video_statistics (user_id, video_id, started_at desc)`,
    );
    this.addSql(`create index video_statistics_user on video_statistics (user_id, started_at desc)`);
    this.addSql(`create index video_statistics_take_over on video_statistics (visit_date) where took_over`);
    this.addSql(`create table video_progress (
      user_id varchar(64) not null,
      video_id uuid not null,
      course_id uuid not null,
      seconds double precision not null default 0,
      ranges jsonb not null default '[]',
      last_position double precision not null default 0,
      furthest_position double precision not null default 0,
      last_viewed_at timestamptz null,
      ended boolean not null default false,
      primary key (user_id, video_id)
    )`);
    this.addSql(`create index video_progress_video on video_progress (video_id)`);
    this.addSql(`create index video_progress_last_viewed on video_progress (user_id, last_viewed_at desc)`);
    this.addSql(`create table watch_days (
      user_id varchar(64) not null,
      day date not null,
      video_id uuid not null,
      course_id uuid not null,
      seconds double precision not null default 0,
      primary key (user_id, day, video_id)
    )`);
    this.addSql(`create table watch_devices (
      user_id varchar(64) not null,
      day date not null,
      kind varchar(6) not null check (kind in ('device', 'ip')),
      value varchar(120) not null,
      primary key (user_id, day, kind, value)
    )`);
    this.addSql(`create index watch_devices_day on watch_devices (day)`);
    this.addSql(`create table user_details (
      user_detail_id uuid primary key,
      user_id varchar(64) not null,
      video_id uuid not null,
      time_start double precision not null,
      time_end double precision not null,
      time_total double precision not null,
      event varchar(40) null,
      created_at timestamptz not null default now()
    )`);
    this.addSql(`create index user_details_user on user_details (user_id, created_at desc)`);
    this.addSql(`create table user_ports (
      user_port_id uuid primary key,
      user_id varchar(64) not null,
      value double precision not null,
      style varchar(100) null,
      note varchar(1000) null,
      year integer not null,
      created_at timestamptz not null default now()
    )`);
    this.addSql(`create index user_ports_user on user_ports (user_id, created_at desc)`);
  }
}

export const watchStatisticsMigrations = [
  { name: 'learning_0008_watch_statistics', class: LearningWatchStatistics },
];
