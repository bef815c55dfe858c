/** The nearest-rank percentile `p` (0–100) of ascending `sorted`; NaN for none. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Count, p50, p95, p99 and max of a scenario's latencies (ms). */
export function summary(ms: number[]) {
  const arr = Array.from(Float64Array.from(ms).sort());
  return {
    n: arr.length,
    p50: percentile(arr, 50),
    p95: percentile(arr, 95),
    p99: percentile(arr, 99),
    max: arr[arr.length - 1] ?? NaN,
  };
}
