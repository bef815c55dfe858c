import { Migration } from '@rian/kit/db';

/**
 * Issue 16: signed course terms. The enrolment's signature flag (spec 01 user_courses_signature, N
 * until signed), date, and the names of the signature PNG and the signed PDF (user_courses_signature_path,
 * user_courses_condition_path); one row per signed enrolment with what was signed and how (text and
 * its hash, strokes, PNG, PDF, IP, user agent) — private, read only through a signed URL; and the
 * member's first and last name, which the terms are written with (from `auth.user.registered`).
 */
export class LearningSignedTerms extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table user_courses
      add column signature char(1) not null default 'N' check (signature in ('Y', 'N')),
      add column signature_date timestamptz null,
      add column signature_path varchar(200) null,
      add column condition_path varchar(200) null`);
    this.addSql(`create table signed_terms (
      enrolment_id uuid primary key references user_courses (enrolment_id),
      user_id varchar(64) not null,
      course_id varchar(64) not null,
      version varchar(40) not null,
      text_hash char(64) not null,
      text jsonb not null,
      strokes jsonb not null,
      signature_png bytea not null,
      pdf bytea not null,
      ip varchar(64) null,
      user_agent varchar(500) null,
      signed_at timestamptz not null
    )`);
    this.addSql(`create index signed_terms_user on signed_terms (user_id)`);
    this.addSql(`alter table member_names
      add column first_name varchar(100) null,
      add column last_name varchar(100) null`);
  }
}

export const signedTermsMigrations = [{ name: 'learning_0013_signed_terms', class: LearningSignedTerms }];
