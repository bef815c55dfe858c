import { Migration } from '@rian/kit/db';

/**
 * Course events and the grants staff make for past buyers (issue 11 item 13).
 *
 * `courses.announced_at`: when `learning.course.changed` for the course was first written. Null for
 * the courses made before learning published course events; the service announces each of those
 * once at start (see Courses.announcePending), so catalog's read model gets them too.
 *
 * `paid_orders`: what `orders.order.paid` said — the buyer, the product and its courses at the time —
 * so staff can grant a product's current courses to its past buyers. Orders paid before this table
 * are recovered from the enrolments they granted (an order that granted no course left no trace).
 *
 * `product_courses`: catalog's course list of each product (`catalog.product-courses.changed`),
 * the highest revision kept.
 */
export class LearningCourseEvents extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table courses add column announced_at timestamptz null`);
    this.addSql(`create table paid_orders (
      order_id uuid primary key,
      user_id varchar(64) not null,
      product_id uuid not null,
      course_ids jsonb not null,
      paid_at timestamptz not null
    )`);
    this.addSql(`create index paid_orders_product on paid_orders (product_id, paid_at, order_id)`);
    this.addSql(`insert into paid_orders (order_id, user_id, product_id, course_ids, paid_at)
      select order_id, min(user_id), min(product_id::text)::uuid,
             jsonb_agg(course_id order by created_at, enrolment_id), min(created_at)
        from user_courses
       where source = 'order' and order_id is not null and product_id is not null
       group by order_id`);
    this.addSql(`create table product_courses (
      product_id uuid primary key,
      course_ids jsonb not null,
      revision integer not null,
      changed_at timestamptz not null
    )`);
  }
}

export const courseEventsMigrations = [{ name: 'learning_0003_course_events', class: LearningCourseEvents }];
