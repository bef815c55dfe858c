import { describe, expect, it } from 'vitest';
import type { LiveComment } from '@rian/proto-contracts/learning-live';
import { replayCalls } from '../../src/domain/replay-calls.js';

const call = (seq: number, streamTime: number | null): LiveComment => ({
  seq,
  streamId: '01900000-0000-7000-8000-000000000001',
  kind: 'call',
  courseId: null,
  sessionId: null,
  author: { kind: 'staff', name: 'โค้ช' },
  text: '',
  call: { symbol: 'EURUSD', side: 'buy', entry: '1.1', stop: null, target: null, note: null },
  streamTime,
  broadcastId: null,
  createdAt: '2026-11-26T12:00:00.000Z',
});

describe('a recording’s calls in its video time', () => {
  it('offset 0: the stream time is the video time', () => {
    expect(replayCalls([call(1, 5), call(2, 15)], 0).map((c) => c.videoTime)).toEqual([5, 15]);
  });
  it('offset 30: stream 40 → video 10; stream 10 (before the video begins) → 0; no stream time → 0', () => {
    expect(
      replayCalls([call(1, 10), call(2, 40), call(3, null)], 30).map((c) => [c.seq, c.videoTime]),
    ).toEqual([
      [1, 0],
      [3, 0],
      [2, 10],
    ]);
  });
  it('ordered by video time, then seq (a late-numbered call earlier in the video comes first)', () => {
    expect(replayCalls([call(1, 50), call(2, 20), call(3, 20)], 0).map((c) => c.seq)).toEqual([2, 3, 1]);
  });
});
