import type { ReplayCall } from '@rian/proto-contracts/learning-live';

/**
 * The trade calls a recording shows at playback position `position` (seconds): those whose moment
 * in the video has been reached, newest on top (latest moment first, then the later call). Calls
 * after the position stay hidden — no spoilers — and hide again when the member seeks back.
 */
export function callsAt(calls: readonly ReplayCall[], position: number): ReplayCall[] {
  if (!Number.isFinite(position)) return [];
  return calls
    .filter((c) => c.videoTime <= position)
    .sort((a, b) => b.videoTime - a.videoTime || b.seq - a.seq);
}
