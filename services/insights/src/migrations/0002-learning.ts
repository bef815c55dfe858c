import { Migration } from '@rian/kit/db';

/**
 * The dashboard's learning figures (issue 20, D140–D142), kept from learning's events:
 * - `learning_sessions`: a session's course, Bangkok day and type (learning.session.changed /
 *   .deleted; `deleted` is a tombstone so a late older change cannot bring it back; `updated_at`
 *   keeps the newest change);
 * - `learning_checkins`: one row per check-in with its member and the Bangkok day of checkedInAt
 *   (`removed` is a tombstone: a removal heard before its check-in still wins);
 * - `learning_watch_days`: per member × Bangkok day, the largest running total heard
 *   (learning.watch.day-totalled) — the members active in a week are read from here and the check-ins;
 * - `learning_days`: one aggregate row per Bangkok day (watch seconds, check-ins), what a range read
 *   sums (≤ 366 rows for a year).
 * New tables only (expand).
 */
export class InsightsLearning extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table learning_sessions (
      session_id uuid primary key,
      course_id uuid not null,
      day date null,
      type text not null,
      deleted boolean not null default false,
      updated_at timestamptz not null
    )`);
    this.addSql(`create index learning_sessions_day on learning_sessions (day) where not deleted`);
    this.addSql(`create table learning_checkins (
      checkin_id uuid primary key,
      user_id text not null,
      day date not null,
      removed boolean not null default false
    )`);
    this.addSql(`create index learning_checkins_day on learning_checkins (day, user_id) where not removed`);
    this.addSql(`create table learning_watch_days (
      user_id text not null,
      day date not null,
      seconds double precision not null default 0,
      primary key (user_id, day)
    )`);
    this.addSql(
      `create index learning_watch_days_day on learning_watch_days (day, user_id) where seconds > 0`,
    );
    this.addSql(`create table learning_days (
      day date primary key,
      watch_seconds double precision not null default 0,
      check_ins integer not null default 0
    )`);
  }
}

export const learningMigrations = [{ name: 'insights_0002_learning', class: InsightsLearning }];
