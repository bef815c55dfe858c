import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { YesNo } from '@rian/proto-contracts/enums';
import type { LiveStreamKind, LiveStreamStatus } from '@rian/proto-contracts/learning-live';

/**
 * A live stream (spec 02 §3 "Live streaming"). The stream key is kept sealed (kit/secret-box,
 * LEARNING_SECRET_KEY) and shown only on create and rotate-key. `lastSeq` numbers the stream's
 * comments (1, 2, … with no gap: taken in the comment's transaction, which locks this row, so seq
 * order is commit order); `pinnedSeq` is the pinned one.
 */
export const LiveStream = defineEntity({
  name: 'LiveStream',
  tableName: 'live_streams',
  properties: {
    id: p.uuid().primary().fieldName('live_stream_id'),
    name: p.string().length(200),
    detail: p.text().nullable(),
    url: p.string().length(200).nullable(),
    server: p.string().length(300).nullable(),
    kind: p.string().$type<LiveStreamKind>().length(8),
    status: p.string().$type<LiveStreamStatus>().length(4),
    live: p.string().$type<YesNo>().length(1),
    liveSince: p.datetime().nullable(),
    streamKeySealed: p.text(),
    keyRotatedAt: p.datetime(),
    lastSeq: p.integer(),
    pinnedSeq: p.integer().nullable(),
    /** the open broadcast while live (live_broadcasts; null off air): its comments carry it */
    broadcastId: p.uuid().nullable(),
    createdBy: p.string().length(64).nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type LiveStreamEntity = InferEntity<typeof LiveStream>;
