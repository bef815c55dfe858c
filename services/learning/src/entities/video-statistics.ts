import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

const seconds = () => p.double().$type<number>().runtimeType('number');

/**
 * One playback of a video by a member (spec 01 §3 VideoStatistics): where it started (resume), the
 * last and furthest position, credited seconds, pause / end counts, the 3-, 5- and 10-minute bucket
 * counts, the Asia/Bangkok visit day, `Ended`, and the opening's number (`count`). The heartbeats
 * write it (plugins/app/playbacks.ts); `beatTokenHash` is the SHA-256 of the beacon's capability.
 */
export const VideoStatistics = defineEntity({
  name: 'VideoStatistics',
  tableName: 'video_statistics',
  properties: {
    id: p.uuid().primary().fieldName('statistic_id'),
    userId: p.string().length(64),
    videoId: p.uuid(),
    sessionId: p.uuid().nullable(),
    courseId: p.uuid(),
    productId: p.uuid().nullable(),
    durationSeconds: p.integer().nullable(),
    timeStart: seconds(),
    timeEnd: seconds(),
    curTimeEnd: seconds(),
    timeTotal: seconds(),
    pauseTotal: p.integer(),
    endTotal: p.integer(),
    threeMinTotal: p.integer(),
    fiveMinTotal: p.integer(),
    tenMinTotal: p.integer(),
    visitDate: p.date(),
    event: p.string().$type<'Ended'>().length(8).nullable(),
    count: p.integer(),
    device: p.string().length(120).nullable(),
    ip: p.string().length(64).nullable(),
    tookOver: p.boolean(),
    beatTokenHash: p.string().length(64),
    lastSeq: p.integer(),
    lastBeatAt: p.datetime().nullable(),
    startedAt: p.datetime(),
  },
});
export type VideoStatisticsEntity = InferEntity<typeof VideoStatistics>;
