import { Migration } from '@rian/kit/db';

/**
 * Members' LINE (issue 20): who linked LINE, who is enrolled where, when sessions start, and which
 * reminders were claimed. Only new tables: nothing an older release reads changes.
 */
export class NotificationsMemberLine extends Migration {
  override async up(): Promise<void> {
    // auth.user.line-linked (read model): a member's LINE user id; null once unlinked; the newest change wins.
    // Its own table, not user_contacts: a link may arrive before the member's e-mail is known (email is required there)
    this.addSql(`create table line_links (
      user_id varchar(64) primary key,
      line_user_id varchar(64) null,
      changed_at timestamptz not null
    )`);
    // learning.enrolment.granted / .changed (read model): who may hear about a course's sessions and lives
    this.addSql(`create table course_members (
      enrolment_id uuid primary key,
      user_id varchar(64) not null,
      course_id varchar(64) not null,
      status varchar(16) not null,
      special varchar(1) not null default 'N',
      start_day date null,
      end_day date null,
      changed_at timestamptz not null
    )`);
    this.addSql(`create index course_members_course on course_members (course_id, user_id)`);
    // learning.session.changed / .deleted (read model): the start instant (UTC) of each session, for reminders
    this.addSql(`create table course_sessions (
      id uuid primary key,
      course_id varchar(64) not null,
      title varchar(200) not null,
      type varchar(16) not null,
      view varchar(1) not null default 'Y',
      special varchar(1) not null default 'N',
      day date not null,
      start_time varchar(8) null,
      starts_at timestamptz not null,
      updated_at timestamptz not null,
      deleted_at timestamptz null
    )`);
    this.addSql(
      `create index course_sessions_starts on course_sessions (starts_at) where deleted_at is null`,
    );
    // a reminder claimed (and its delivery written) once per session, start instant and member
    this.addSql(`create table line_reminders (
      session_id uuid not null,
      starts_at timestamptz not null,
      user_id varchar(64) not null,
      claimed_at timestamptz not null default now(),
      primary key (session_id, starts_at, user_id)
    )`);
  }
}
