import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { EnrolmentAction, EnrolmentState } from '@rian/proto-contracts/learning-enrolments';

/** One change of an enrolment: who (staff id, null = learning for a paid order), when, before/after. */
export const EnrolmentAudit = defineEntity({
  name: 'EnrolmentAudit',
  tableName: 'enrolment_audit',
  properties: {
    id: p.uuid().primary().fieldName('audit_id'),
    enrolmentId: p.uuid(),
    action: p.string().$type<EnrolmentAction>().length(16),
    changedBy: p.string().length(64).nullable(),
    changedAt: p.datetime(),
    before: p.json<EnrolmentState>().nullable(),
    after: p.json<EnrolmentState>(),
  },
});
export type EnrolmentAuditEntity = InferEntity<typeof EnrolmentAudit>;
