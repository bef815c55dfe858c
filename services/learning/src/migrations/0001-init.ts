import { Migration } from '@rian/kit/db';

/**
 * Enrolments (spec 01 user_courses): one row per member and course, whatever granted it — the
 * `unique (user_id, course_id)` is what keeps a course from being granted twice (another order
 * for the same course, the same event sent again). Course ids are the strings orders carries; the
 * course catalogue is a later slice, so there is no foreign key.
 */
export class LearningInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table user_courses (
      enrolment_id uuid primary key,
      user_id varchar(64) not null,
      course_id varchar(64) not null,
      order_id uuid null,
      product_id uuid null,
      source varchar(16) not null check (source in ('order')),
      status varchar(16) not null default 'active' check (status in ('active')),
      created_at timestamptz not null default now(),
      unique (user_id, course_id)
    )`);
    this.addSql(`create index user_courses_course on user_courses (course_id, created_at desc)`);
    this.addSql(`create index user_courses_created on user_courses (created_at desc, enrolment_id desc)`);
  }
}

export const migrations = [{ name: 'learning_0001_init', class: LearningInit }];
