import { Migration } from '@rian/kit/db';

/**
 * The enrolments back office (issue 12, /admin/userCourse): the rest of spec 01 §3's user_courses
 * fields staff keep (LINE/Facebook flags and who set them, the note), staff grants (`source` staff,
 * `granted_by`), the `ended` lifecycle status, and `enrolment_audit` — one row per change (a grant,
 * an edit, an end) with who, when and the state before and after.
 */
export class LearningEnrolmentAdmin extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table user_courses
      add column line char(1) not null default 'N' check (line in ('Y', 'N')),
      add column line_by varchar(64) null,
      add column facebook char(1) not null default 'N' check (facebook in ('Y', 'N')),
      add column facebook_by varchar(64) null,
      add column note text null,
      add column granted_by varchar(64) null,
      add column updated_at timestamptz null`);
    this.addSql(`update user_courses set updated_at = created_at`);
    // expand-safe: updated_at is added by this migration, backfilled above and given a default in
    // the same statement, so the release before it (which never names the column) still inserts rows
    this.addSql(`alter table user_courses alter column updated_at set not null,
      alter column updated_at set default now()`);
    this.addSql(`alter table user_courses drop constraint if exists user_courses_source_check`);
    this.addSql(`alter table user_courses add constraint user_courses_source_check
      check (source in ('order', 'staff'))`);
    this.addSql(`alter table user_courses drop constraint if exists user_courses_status_check`);
    this.addSql(`alter table user_courses add constraint user_courses_status_check
      check (status in ('active', 'ended'))`);
    this.addSql(`create index user_courses_user on user_courses (user_id, created_at)`);
    this.addSql(`create table enrolment_audit (
      audit_id uuid primary key,
      enrolment_id uuid not null references user_courses (enrolment_id),
      action varchar(16) not null check (action in ('granted', 'updated', 'ended')),
      changed_by varchar(64) null,
      changed_at timestamptz not null,
      before jsonb null,
      after jsonb not null
    )`);
    this.addSql(
      `create index enrolment_audit_enrolment on enrolment_audit (enrolment_id, changed_at, audit_id)`,
    );
  }
}

export const enrolmentAdminMigrations = [
  { name: 'learning_0005_enrolment_admin', class: LearningEnrolmentAdmin },
];
