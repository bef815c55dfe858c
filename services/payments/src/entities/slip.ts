import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { SlipStatus } from '@rian/proto-contracts/payments';

/** A bank-transfer slip sent for an attempt; the image is in the private slip store. */
export const Slip = defineEntity({
  name: 'Slip',
  tableName: 'slips',
  properties: {
    id: p.uuid().primary().fieldName('slip_id'),
    attemptId: p.uuid(),
    orderId: p.uuid(),
    userId: p.string().length(64),
    amount: p.bigint('number'),
    paymentDate: p.date(),
    paymentTime: p.string().length(5),
    fileName: p.string().length(64),
    contentType: p.string().length(32),
    bytes: p.integer(),
    status: p.string().$type<SlipStatus>().length(8),
    note: p.text().nullable(),
    /** the staff member's id */
    reviewedBy: p.string().length(64).nullable(),
    /** and their name from the staff token at the time (migration 0004; older rows: null) */
    reviewedByName: p.string().length(200).nullable(),
    reviewedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
  },
});
export type SlipEntity = InferEntity<typeof Slip>;
