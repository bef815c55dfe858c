import { Migration } from '@rian/kit/db';

/**
 * Issue 16: on-site check-in. A session's check-in secret (sealed with LEARNING_SECRET_KEY, made on
 * the kiosk's first read) and the check-ins: one per member and session (the unique key is what
 * makes twenty concurrent scans one row).
 */
export class LearningCheckIn extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table session_checkin_secrets (
      session_id uuid primary key references course_sessions (session_id) on delete cascade,
      secret_sealed text not null,
      created_at timestamptz not null default now()
    )`);
    this.addSql(`create table session_checkins (
      checkin_id uuid primary key,
      session_id uuid not null references course_sessions (session_id) on delete cascade,
      course_id uuid not null,
      user_id varchar(64) not null,
      method varchar(5) not null check (method in ('qr', 'typed', 'staff')),
      checked_in_by varchar(64) null,
      checked_in_at timestamptz not null default now(),
      constraint session_checkins_one_per_member unique (session_id, user_id)
    )`);
    this.addSql(`create index session_checkins_course on session_checkins (course_id, checked_in_at desc)`);
    this.addSql(`create index session_checkins_user on session_checkins (user_id, checked_in_at desc)`);
  }
}

export const checkInMigrations = [{ name: 'learning_0012_check_in', class: LearningCheckIn }];
