import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * How much one account may receive for one product (spec 02 §3 Product book bank), in satang.
 * The spec's record names no account; a limit without one could not choose where buyers pay.
 */
export const ProductBankLimit = defineEntity({
  name: 'ProductBankLimit',
  tableName: 'product_bank_limits',
  properties: {
    id: p.uuid().primary(),
    productId: p.uuid(),
    bankAccountId: p.uuid(),
    total: p.bigint('number'),
    max: p.bigint('number'),
    status: p.string().length(16),
    createdBy: p.string().length(64).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type ProductBankLimitEntity = InferEntity<typeof ProductBankLimit>;
