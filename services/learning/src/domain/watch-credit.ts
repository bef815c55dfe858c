import { WATCH_BUCKETS_S, WATCH_MAX_RATE } from '@rian/proto-contracts/learning-watch';

/**
 * The crediting rule of a heartbeat (issue 14; ARCHITECTURE §9 "Watch statistics"): the server, not
 * the browser, decides how much of a beat was watched.
 *
 * - at most what the client says it played (`played`), at most the wall-clock seconds since the
 *   previous accepted beat (or the playback's start) × WATCH_MAX_RATE, at most the video's length;
 * - nothing while the page was hidden, nothing at a rate above WATCH_MAX_RATE;
 * - a seek moves `position` without crediting the jump: only `played` counts, so the range credited
 *   is the `credited` seconds that end at `position`, clipped to the video.
 *
 * Replayed and out-of-order beats (seq ≤ the last accepted one) are refused before this runs.
 */
export interface BeatClaim {
  played: number;
  position: number;
  rate: number;
  visible: boolean;
}

export interface BeatCredit {
  credited: number;
  /** the media range now counted as watched, [from, to]; null when nothing was credited */
  range: [number, number] | null;
  /** the position kept (clipped to the video when its length is known) */
  position: number;
}

export function creditBeat(
  claim: BeatClaim,
  elapsedSeconds: number,
  durationSeconds: number | null,
  maxRate: number = WATCH_MAX_RATE,
): BeatCredit {
  const length = durationSeconds && durationSeconds > 0 ? durationSeconds : Number.POSITIVE_INFINITY;
  const position = Math.min(Math.max(claim.position, 0), length);
  if (!claim.visible || claim.rate > maxRate) return { credited: 0, range: null, position };
  const wall = Math.max(elapsedSeconds, 0) * maxRate;
  const credited = round3(Math.max(0, Math.min(claim.played, wall, length)));
  if (credited === 0) return { credited, range: null, position };
  const from = Math.max(0, position - credited);
  return { credited, range: from < position ? [round3(from), round3(position)] : null, position };
}

/** Spec 01 §3 three/five/ten_min_total: completed 3-, 5- and 10-minute spans of credited time in one playback. */
export function bucketCounts(timeTotal: number): [number, number, number] {
  const [a, b, c] = WATCH_BUCKETS_S;
  return [Math.floor(timeTotal / a), Math.floor(timeTotal / b), Math.floor(timeTotal / c)];
}

/** Milliseconds do not matter for seconds watched; three decimals keep sums stable. */
export const round3 = (n: number) => Math.round(n * 1000) / 1000;
