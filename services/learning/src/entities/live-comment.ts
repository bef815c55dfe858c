import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { LiveCommentKind, TradeCall } from '@rian/proto-contracts/learning-live';

/**
 * A comment or trade call on a live stream (spec 02 §3 "Live stream comment"): the record the
 * fan-out may lose and replay reads again. Keyed by (stream, seq).
 */
export const LiveComment = defineEntity({
  name: 'LiveComment',
  tableName: 'live_comments',
  properties: {
    streamId: p.uuid().primary().fieldName('live_stream_id'),
    seq: p.integer().primary(),
    kind: p.string().$type<LiveCommentKind>().length(8),
    userId: p.string().length(64).nullable(),
    authorKind: p.string().$type<'member' | 'staff'>().length(6),
    authorName: p.string().length(100),
    courseId: p.uuid().nullable(),
    sessionId: p.uuid().nullable(),
    text: p.text(),
    call: p.json<TradeCall>().nullable(),
    streamTime: p.integer().nullable(),
    /** the broadcast it was posted in (null when the stream was not live) */
    broadcastId: p.uuid().nullable(),
    createdAt: p.datetime(),
    hiddenAt: p.datetime().nullable(),
    hiddenBy: p.string().length(64).nullable(),
  },
});
export type LiveCommentEntity = InferEntity<typeof LiveComment>;
