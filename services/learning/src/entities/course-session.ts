import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { SessionType } from '@rian/proto-contracts/learning-content';
import type { YesNo } from '@rian/proto-contracts/enums';

/**
 * A session of a course (spec 02 §3 "Course session (courses detail time)"). `closeDate` null is
 * the spec's `unlimit`; `start`/`to` are HH:mm on the session's Asia/Bangkok `date`.
 */
export const CourseSession = defineEntity({
  name: 'CourseSession',
  tableName: 'course_sessions',
  properties: {
    id: p.uuid().primary().fieldName('session_id'),
    courseId: p.uuid(),
    type: p.string().$type<SessionType>().length(8),
    item: p.integer(),
    title: p.string().length(200),
    detail: p.text().nullable(),
    date: p.date().fieldName('session_date'),
    start: p.string().length(5).fieldName('start_time').nullable(),
    to: p.string().length(5).fieldName('to_time').nullable(),
    closeDate: p.date().nullable(),
    view: p.string().$type<YesNo>().length(1),
    checkin: p.string().$type<YesNo>().length(1),
    special: p.string().$type<YesNo>().length(1),
    rating: p.integer(),
    pdf: p.string().length(300).nullable(),
    videoId: p.uuid().nullable(),
    zoomRoomId: p.uuid().nullable(),
    instructorId: p.uuid().nullable(),
    liveStreamId: p.uuid().nullable(),
    createdBy: p.string().length(64).nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type CourseSessionEntity = InferEntity<typeof CourseSession>;
