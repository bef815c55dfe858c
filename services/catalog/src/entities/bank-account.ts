import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { YesNo } from '@rian/proto-contracts/enums';

/** An account buyers transfer to (spec 02 §3 Book bank). `max` in satang; `image` is book_bank_path. */
export const BankAccount = defineEntity({
  name: 'BankAccount',
  tableName: 'bank_accounts',
  properties: {
    id: p.uuid().primary(),
    bankName: p.string().length(100),
    accountName: p.string().length(200).nullable(),
    account: p.string().length(30),
    type: p.string().length(50).nullable(),
    image: p.string().length(300).nullable(),
    max: p.bigint('number').nullable(),
    icon: p.string().length(300).nullable(),
    disable: p.string().$type<YesNo>().length(1),
    createdBy: p.string().length(64).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type BankAccountEntity = InferEntity<typeof BankAccount>;
