import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { EnrolmentSource, EnrolmentStatus } from '@rian/proto-contracts/learning';

/** A member enrolled in a course (spec 01 user_courses); one per (user, course). */
export const Enrolment = defineEntity({
  name: 'Enrolment',
  tableName: 'user_courses',
  properties: {
    id: p.uuid().primary().fieldName('enrolment_id'),
    userId: p.string().length(64),
    courseId: p.string().length(64),
    orderId: p.uuid().nullable(),
    productId: p.uuid().nullable(),
    source: p.string().$type<EnrolmentSource>().length(16),
    status: p.string().$type<EnrolmentStatus>().length(16),
    createdAt: p.datetime(),
  },
});
export type EnrolmentEntity = InferEntity<typeof Enrolment>;
