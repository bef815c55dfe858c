import type { LiveComment, ReplayCall } from '@rian/proto-contracts/learning-live';

/**
 * A recording's trade calls placed in its video (issue 15): the video's 0 is the broadcast's second
 * `offsetS`, so a call made at stream second t is at t − offsetS; one made before the video starts
 * (or without a stream time) is at 0 — already on the board when the recording begins. Ordered by
 * video time, then seq.
 */
export function replayCalls(calls: readonly LiveComment[], offsetS: number): ReplayCall[] {
  return calls
    .map((c) => ({ ...c, videoTime: Math.max(0, (c.streamTime ?? 0) - offsetS) }))
    .sort((a, b) => a.videoTime - b.videoTime || a.seq - b.seq);
}
