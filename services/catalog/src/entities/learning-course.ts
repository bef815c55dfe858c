import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { CourseStatus } from '@rian/proto-contracts/learning';

/**
 * A course of learning as catalog knows it (from `learning.course.*`): what a product's courses
 * are checked against and staff pick from. `deletedAt` set: learning deleted it (kept as a tombstone).
 */
export const LearningCourse = defineEntity({
  name: 'LearningCourse',
  tableName: 'learning_courses',
  properties: {
    id: p.uuid().primary().fieldName('course_id'),
    title: p.string().length(200),
    code: p.string().length(20).nullable(),
    status: p.string().$type<CourseStatus>().length(8),
    changedAt: p.datetime(),
    eventId: p.uuid(),
    deletedAt: p.datetime().nullable(),
  },
});
export type LearningCourseEntity = InferEntity<typeof LearningCourse>;
