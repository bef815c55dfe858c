import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { PayMethod } from '@rian/proto-contracts/payments';
import type { SessionStatus } from '../domain/status-transitions.js';

/**
 * One trip to a payment provider (card form, UnionPay charge, QR order). Its id is the order id /
 * reference_order the provider sees and signs back; `providerRef` is the provider's own id of the
 * charge or QR order, stored when the session opens (KBank), or learned from the paid notice (2C2P).
 */
export const GatewaySession = defineEntity({
  name: 'GatewaySession',
  tableName: 'gateway_sessions',
  properties: {
    id: p.string().length(20).primary().fieldName('session_id'),
    attemptId: p.uuid(),
    orderId: p.uuid(),
    provider: p.string().$type<'2c2p' | 'kbank'>().length(16),
    method: p.string().$type<PayMethod>().length(16),
    amount: p.bigint('number'),
    status: p.string().$type<SessionStatus>().length(8),
    providerRef: p.string().length(100).nullable(),
    providerStatus: p.string().length(32).nullable(),
    paidAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type GatewaySessionEntity = InferEntity<typeof GatewaySession>;
