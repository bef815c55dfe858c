import { describe, expect, it } from 'vitest';
import type { ReplayCall } from '@rian/proto-contracts/learning-live';
import { callsAt } from './replay-calls';

const call = (seq: number, videoTime: number): ReplayCall => ({
  seq,
  streamId: '0190a0b0-0000-7000-8000-0000000000e3',
  kind: 'call',
  courseId: null,
  sessionId: null,
  author: { kind: 'staff', name: 'โค้ช' },
  text: '',
  call: { symbol: `S${seq}`, side: 'buy', entry: '1.1', stop: null, target: null, note: null },
  streamTime: videoTime,
  broadcastId: null,
  createdAt: '2026-11-26T12:00:00.000Z',
  videoTime,
});
const seqs = (calls: ReplayCall[]) => calls.map((c) => c.seq);
const CALLS = [call(1, 5), call(2, 15), call(3, 30)];

describe('which trade calls a recording shows at a position', () => {
  it('none before the first call’s moment (4.99 s < 5 s)', () => {
    expect(callsAt(CALLS, 0)).toEqual([]);
    expect(callsAt(CALLS, 4.99)).toEqual([]);
  });
  it('a call shows once the position reaches its moment (5 s), the newest on top', () => {
    expect(seqs(callsAt(CALLS, 5))).toEqual([1]);
    expect(seqs(callsAt(CALLS, 29.9))).toEqual([2, 1]);
    expect(seqs(callsAt(CALLS, 40))).toEqual([3, 2, 1]);
  });
  it('seeking back hides the later calls again (no spoilers)', () => {
    expect(seqs(callsAt(CALLS, 16))).toEqual([2, 1]);
    expect(seqs(callsAt(CALLS, 6))).toEqual([1]);
  });
  it('two calls at the same moment: the later-numbered on top; the input order does not matter', () => {
    expect(seqs(callsAt([call(9, 10), call(4, 10), call(7, 3)], 10))).toEqual([9, 4, 7]);
  });
  it('an unknown position (NaN) shows nothing', () => {
    expect(callsAt(CALLS, Number.NaN)).toEqual([]);
  });
});
