import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { InstallmentPlanType } from '@rian/proto-contracts/catalog-commerce';

/**
 * An instalment plan of a product (spec 02 §3 Product instalment plan): `count` monthly payments,
 * open on the Asia/Bangkok days of its window, to anyone (type all) or to listed e-mails (type email).
 */
export const InstallmentPlan = defineEntity({
  name: 'InstallmentPlan',
  tableName: 'installment_plans',
  properties: {
    id: p.uuid().primary(),
    productId: p.uuid(),
    name: p.string().length(200),
    detail: p.text().nullable(),
    type: p.string().$type<InstallmentPlanType>().length(8),
    count: p.integer(),
    start: p.date().fieldName('start_date').nullable(),
    to: p.date().fieldName('to_date').nullable(),
    revision: p.integer(),
    createdBy: p.string().length(64).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type InstallmentPlanEntity = InferEntity<typeof InstallmentPlan>;
