import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** An e-mail a type-email plan is open to (lower-case): the event's list, replaced whole with each revision. */
export const InstallmentPlanEmail = defineEntity({
  name: 'InstallmentPlanEmail',
  tableName: 'installment_plan_emails',
  properties: {
    planId: p.uuid().primary(),
    email: p.string().length(254).primary(),
  },
});
export type InstallmentPlanEmailEntity = InferEntity<typeof InstallmentPlanEmail>;
