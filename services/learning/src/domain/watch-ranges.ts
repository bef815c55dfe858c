/**
 * Coverage of a video: the media ranges a member has been credited for, merged. Ranges closer than
 * RANGE_JOIN_S join (two beats 10 s apart leave rounding gaps); at most RANGE_MAX are kept — beyond
 * that the two closest neighbours join, so a row never grows without bound.
 */
export type Range = [number, number];

export const RANGE_JOIN_S = 1;
export const RANGE_MAX = 200;

export function mergeRange(ranges: readonly Range[], add: Range | null): Range[] {
  const all = add ? [...ranges, add] : [...ranges];
  const sorted = all.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  const out: Range[] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1] + RANGE_JOIN_S) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  while (out.length > RANGE_MAX) {
    let best = 1;
    for (let i = 2; i < out.length; i++)
      if (out[i]![0] - out[i - 1]![1] < out[best]![0] - out[best - 1]![1]) best = i;
    out[best - 1]![1] = out[best]![1];
    out.splice(best, 1);
  }
  return out;
}

/** Seconds covered by merged ranges, within [0, length]. */
export function coveredSeconds(ranges: readonly Range[], length: number): number {
  return ranges.reduce((sum, [a, b]) => sum + Math.max(0, Math.min(b, length) - Math.max(a, 0)), 0);
}

/** Share of the video covered, 0..1; null when its length is unknown. */
export function coverage(ranges: readonly Range[], length: number | null): number | null {
  if (!length || length <= 0) return null;
  return Math.min(1, coveredSeconds(ranges, length) / length);
}

/** Whether the ranges touch segment `i` of `n` equal segments of the video. */
export function reachesSegment(ranges: readonly Range[], length: number, i: number, n: number): boolean {
  const from = (length * i) / n;
  const to = (length * (i + 1)) / n;
  return ranges.some(([a, b]) => a < to && b > from);
}
