import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { YesNo } from '@rian/proto-contracts/enums';

/** Orders' copy of payments' disable flag of a payment type (`payments.payment-type.changed`); no row: enabled. */
export const PaymentTypeState = defineEntity({
  name: 'PaymentTypeState',
  tableName: 'payment_type_states',
  properties: {
    paymentTypeId: p.smallint().primary(),
    disable: p.string().$type<YesNo>().length(1),
    revision: p.integer(),
    changedAt: p.datetime(),
  },
});
export type PaymentTypeStateEntity = InferEntity<typeof PaymentTypeState>;
