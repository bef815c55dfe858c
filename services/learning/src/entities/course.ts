import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { CourseStatus } from '@rian/proto-contracts/learning';
import type { YesNo } from '@rian/proto-contracts/enums';

/** A course (spec 02 §3 "Courses"); enrolments refer to it by its id as a string. */
export const Course = defineEntity({
  name: 'Course',
  tableName: 'courses',
  properties: {
    id: p.uuid().primary().fieldName('course_id'),
    title: p.string().length(200),
    code: p.string().length(20).nullable(),
    detail: p.text().nullable(),
    status: p.string().$type<CourseStatus>().length(8),
    date: p.date().fieldName('course_date').nullable(),
    liveStreaming: p.string().$type<YesNo>().length(1),
    liveStreamingId: p.uuid().nullable(),
    liveStreamingPath: p.string().length(300).nullable(),
    liveTradePath: p.string().length(300).nullable(),
    /** issue 15: the course's live trade stream */
    liveTradeId: p.uuid().nullable(),
    createdBy: p.string().length(64).nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    /** when `learning.course.changed` was first written for it (null: made before course events) */
    announcedAt: p.datetime().nullable(),
  },
});
export type CourseEntity = InferEntity<typeof Course>;
