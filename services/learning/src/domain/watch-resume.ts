/**
 * Spec 01 §4 "Last-video statistics": when the member's last record of the video exists and its
 * event is not Ended, the new playback starts from its end time, numbered one more than it;
 * otherwise it starts at zero with count 1.
 */
export interface LastRecord {
  event: 'Ended' | null;
  timeEnd: number;
  count: number;
}

export function resumeFrom(last: LastRecord | null): { resumeAt: number; count: number } {
  if (!last || last.event === 'Ended') return { resumeAt: 0, count: 1 };
  return { resumeAt: last.timeEnd, count: last.count + 1 };
}
