import { defineEntity, p } from '@mikro-orm/core';
import type { Envelope } from '@rian/proto-contracts/envelope';

/** An event waiting to be published, written in the same transaction as the change it reports. */
export const OutboxEvent = defineEntity({
  name: 'OutboxEvent',
  tableName: 'kit_outbox',
  properties: {
    id: p.uuid().primary(),
    type: p.string(),
    envelope: p.json<Envelope>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    attempts: p.integer().default(0),
    nextAttemptAt: p.datetime().onCreate(() => new Date()),
    publishedAt: p.datetime().nullable(),
    lastError: p.text().nullable(),
  },
});

export const kitEntities = [OutboxEvent];
