import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A payment type as payments owns it (spec 02 §3, §4): its texts and the staff's off switch. */
export const PaymentTypeRecord = defineEntity({
  name: 'PaymentTypeRecord',
  tableName: 'payment_types',
  properties: {
    id: p.smallint().primary().fieldName('payment_type_id'),
    icon: p.string().length(32),
    titleTh: p.string().length(200),
    titleEn: p.string().length(200),
    detailTh: p.text(),
    detailEn: p.text(),
    disable: p.string().$type<'Y' | 'N'>().length(1),
    revision: p.integer(),
    updatedBy: p.string().length(64).nullable(),
    updatedAt: p.datetime(),
  },
});
export type PaymentTypeRecordEntity = InferEntity<typeof PaymentTypeRecord>;
