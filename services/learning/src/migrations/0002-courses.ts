import { Migration } from '@rian/kit/db';

/**
 * Courses (spec 02 §3 "Courses", docs/decisions.md D26) and the spec 01 §3 user_courses fields the
 * member area needs now, with the spec's defaults (D27): status, select, sptk and special N; the
 * start day is the Asia/Bangkok day of the grant. At most one selected enrolment per member is a
 * partial unique index; every member who already has enrolments gets the oldest one selected.
 * Enrolments keep their course id string (no foreign key): a product may grant an id learning has
 * no course for, and a course with enrolments is never deleted (the service refuses).
 */
export class LearningCourses extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table courses (
      course_id uuid primary key,
      title varchar(200) not null,
      code varchar(20) null,
      detail text null,
      status varchar(8) not null default 'open' check (status in ('open', 'closed')),
      course_date date null,
      live_streaming char(1) not null default 'N' check (live_streaming in ('Y', 'N')),
      live_streaming_id uuid null,
      live_streaming_path varchar(300) null,
      live_trade_path varchar(300) null,
      created_by varchar(64) null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
    this.addSql(`create unique index courses_code_unique on courses (lower(code)) where code is not null`);
    this.addSql(`create index courses_created on courses (created_at desc, course_id desc)`);

    this.addSql(`alter table user_courses
      add column selected char(1) not null default 'N' check (selected in ('Y', 'N')),
      add column course_status char(1) not null default 'N' check (course_status in ('Y', 'N')),
      add column sptk char(1) not null default 'N' check (sptk in ('Y', 'N')),
      add column special char(1) not null default 'N' check (special in ('Y', 'N')),
      add column code varchar(40) null,
      add column start_date date null,
      add column end_date date null`);
    this.addSql(`update user_courses set start_date = (created_at at time zone 'Asia/Bangkok')::date`);
    this.addSql(`update user_courses set selected = 'Y' where enrolment_id in (
      select distinct on (user_id) enrolment_id from user_courses order by user_id, created_at, enrolment_id)`);
    this.addSql(
      `create unique index user_courses_one_selected on user_courses (user_id) where selected = 'Y'`,
    );
  }
}

export const coursesMigrations = [{ name: 'learning_0002_courses', class: LearningCourses }];
