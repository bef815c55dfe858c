import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { Range } from '../domain/watch-ranges.js';

const seconds = () => p.double().$type<number>().runtimeType('number');

/** A member's progress on one video: credited seconds, merged coverage ranges, positions, last viewed, ended. */
export const VideoProgressRow = defineEntity({
  name: 'VideoProgressRow',
  tableName: 'video_progress',
  properties: {
    userId: p.string().length(64).primary(),
    videoId: p.uuid().primary(),
    courseId: p.uuid(),
    seconds: seconds(),
    ranges: p.json<Range[]>(),
    lastPosition: seconds(),
    furthestPosition: seconds(),
    lastViewedAt: p.datetime().nullable(),
    ended: p.boolean(),
  },
});
export type VideoProgressRowEntity = InferEntity<typeof VideoProgressRow>;

/** Seconds a member was credited on one video in one Asia/Bangkok day. */
export const WatchDayRow = defineEntity({
  name: 'WatchDayRow',
  tableName: 'watch_days',
  properties: {
    userId: p.string().length(64).primary(),
    day: p.date().primary(),
    videoId: p.uuid().primary(),
    courseId: p.uuid(),
    seconds: seconds(),
  },
});
export type WatchDayRowEntity = InferEntity<typeof WatchDayRow>;

/** A device name or IP address a member played from in one Asia/Bangkok day (the staff flag). */
export const WatchDevice = defineEntity({
  name: 'WatchDevice',
  tableName: 'watch_devices',
  properties: {
    userId: p.string().length(64).primary(),
    day: p.date().primary(),
    kind: p.string().$type<'device' | 'ip'>().length(6).primary(),
    value: p.string().length(120).primary(),
  },
});
