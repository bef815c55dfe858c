import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { EnrolmentSource, EnrolmentStatus } from '@rian/proto-contracts/learning';
import type { YesNo } from '@rian/proto-contracts/enums';

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
    // spec 01 §3 user_courses fields with the spec's defaults (docs/decisions.md D27)
    selected: p.string().$type<YesNo>().length(1),
    courseStatus: p.string().$type<YesNo>().length(1),
    sptk: p.string().$type<YesNo>().length(1),
    special: p.string().$type<YesNo>().length(1),
    code: p.string().length(40).nullable(),
    start: p.date().fieldName('start_date').nullable(),
    end: p.date().fieldName('end_date').nullable(),
    // the back office's fields (migration 0005, /admin/userCourse)
    line: p.string().$type<YesNo>().length(1),
    lineBy: p.string().length(64).nullable(),
    facebook: p.string().$type<YesNo>().length(1),
    facebookBy: p.string().length(64).nullable(),
    note: p.text().nullable(),
    grantedBy: p.string().length(64).nullable(),
    // signed course terms (migration 0013; spec 01 user_courses_signature*, user_courses_condition_path)
    signature: p.string().$type<YesNo>().length(1).default('N'),
    signatureDate: p.datetime().nullable(),
    signaturePath: p.string().length(200).nullable(),
    conditionPath: p.string().length(200).nullable(),
    updatedAt: p.datetime(),
  },
});
export type EnrolmentEntity = InferEntity<typeof Enrolment>;
