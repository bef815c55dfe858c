import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * One time a stream was on air (issue 15): opened when it goes live (live N → Y), `endedAt` set
 * when it stops. Its comments and trade calls carry its id; a lesson video may be its recording.
 */
export const LiveBroadcast = defineEntity({
  name: 'LiveBroadcast',
  tableName: 'live_broadcasts',
  properties: {
    id: p.uuid().primary().fieldName('live_broadcast_id'),
    streamId: p.uuid().fieldName('live_stream_id'),
    startedAt: p.datetime(),
    endedAt: p.datetime().nullable(),
  },
});
export type LiveBroadcastEntity = InferEntity<typeof LiveBroadcast>;
