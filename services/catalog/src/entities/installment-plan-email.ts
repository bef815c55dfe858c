import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { YesNo } from '@rian/proto-contracts/enums';

/**
 * An e-mail allowed to use a type-email plan (spec 02 §3 Instalment e-mail), stored lower-case.
 * Removing marks it; listing it again brings the same row back (spec 02 §4, as coupon e-mails).
 */
export const InstallmentPlanEmail = defineEntity({
  name: 'InstallmentPlanEmail',
  tableName: 'installment_plan_emails',
  properties: {
    id: p.uuid().primary(),
    planId: p.uuid(),
    email: p.string().length(254),
    removed: p.string().$type<YesNo>().length(1),
    createdBy: p.string().length(64).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type InstallmentPlanEmailEntity = InferEntity<typeof InstallmentPlanEmail>;
