import { Migration } from '@rian/kit/db';

/**
 * Catalog's read model of learning's courses (`learning.course.changed` / `.deleted`; issue 11
 * item 13): a product may only be given a course learning has. A deleted course keeps its row with
 * `deleted_at` set, so a late `changed` event of it cannot bring it back (course ids are never reused).
 * `changed_at` then `event_id` (UUIDv7) order the copies: the newest wins.
 */
export class CatalogLearningCourses extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table learning_courses (
      course_id uuid primary key,
      title varchar(200) not null,
      code varchar(20) null,
      status varchar(8) not null,
      changed_at timestamptz not null,
      event_id uuid not null,
      deleted_at timestamptz null
    )`);
    this.addSql(
      `create index learning_courses_title on learning_courses (lower(title)) where deleted_at is null`,
    );
  }
}

export const learningCoursesMigrations = [
  { name: 'catalog_0004_learning_courses', class: CatalogLearningCourses },
];
