import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { InstallmentPlanType } from '@rian/proto-contracts/catalog-commerce';

/** Orders' copy of an instalment plan (from `catalog.installment-plan.changed`). */
export const InstallmentPlan = defineEntity({
  name: 'InstallmentPlan',
  tableName: 'installment_plans',
  properties: {
    planId: p.uuid().primary(),
    productId: p.uuid(),
    name: p.string().length(200),
    detail: p.text().nullable(),
    type: p.string().$type<InstallmentPlanType>().length(8),
    count: p.integer(),
    start: p.date().fieldName('start_date').nullable(),
    to: p.date().fieldName('to_date').nullable(),
    revision: p.integer(),
    changedAt: p.datetime(),
  },
});
export type InstallmentPlanEntity = InferEntity<typeof InstallmentPlan>;
