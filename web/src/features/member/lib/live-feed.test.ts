import { describe, expect, it } from 'vitest';
import type { LiveComment, LiveCommentReplay } from '@rian/proto-contracts/learning-live';
import { emptyFeed, liveFeedReducer, type LiveFeed, type LiveFeedAction } from './live-feed';

const STREAM = '0190a0b0-0000-7000-8000-0000000000e1';
const comment = (seq: number, text = `c${seq}`, kind: 'comment' | 'call' = 'comment'): LiveComment => ({
  seq,
  streamId: STREAM,
  kind,
  courseId: null,
  sessionId: null,
  author: { kind: 'member', name: 'สมชาย ท.' },
  text,
  call:
    kind === 'call'
      ? { symbol: 'XAUUSD', side: 'buy', entry: '2385.5', stop: null, target: null, note: null }
      : null,
  streamTime: 60,
  broadcastId: null,
  createdAt: '2026-11-26T12:00:00.000Z',
});
const replay = (items: LiveComment[], extra: Partial<LiveCommentReplay> = {}): LiveCommentReplay => ({
  items,
  more: false,
  lastSeq: items.reduce((m, c) => Math.max(m, c.seq), 0),
  hidden: [],
  pinned: null,
  stream: { id: STREAM, name: 'ไลฟ์', detail: null, kind: 'stream', live: 'Y', liveSince: null },
  ...extra,
});
const run = (...actions: LiveFeedAction[]): LiveFeed => actions.reduce(liveFeedReducer, emptyFeed);

describe('the live feed (what a live page shows of the stream’s messages)', () => {
  it('a replay then the same comments again over the stream (a reconnect): each shows once, in order', () => {
    const feed = run(
      { type: 'replay', replay: replay([comment(1), comment(2)]) },
      { type: 'comment', comment: comment(2) },
      { type: 'comment', comment: comment(4) },
      { type: 'comment', comment: comment(3) },
      { type: 'comment', comment: comment(4) },
    );
    expect(feed.comments.map((c) => c.seq)).toEqual([1, 2, 3, 4]);
    expect(feed.lastSeq).toBe(4);
    expect(feed.live).toMatchObject({ live: 'Y' });
  });

  it('goes on from the replay’s lastSeq (hidden comments count), not only from the comments it shows', () => {
    const feed = run({ type: 'replay', replay: replay([comment(1)], { lastSeq: 5 }) });
    expect(feed.lastSeq).toBe(5);
  });

  it('a hidden comment vanishes, unpins, and never comes back with a later replay', () => {
    const feed = run(
      { type: 'replay', replay: replay([comment(1), comment(2)], { pinned: comment(2) }) },
      { type: 'hidden', hidden: { streamId: STREAM, seq: 2 } },
      { type: 'comment', comment: comment(2) },
    );
    expect(feed.comments.map((c) => c.seq)).toEqual([1]);
    expect(feed.pinned).toBeNull();
    // a replay after being away names what was hidden meanwhile
    const later = liveFeedReducer(feed, { type: 'replay', replay: replay([comment(3)], { hidden: [1] }) });
    expect(later.comments.map((c) => c.seq)).toEqual([3]);
  });

  it('trade calls are kept apart, newest first; pinned and live follow their events', () => {
    const feed = run(
      { type: 'calls', calls: [comment(5, 'first', 'call')] },
      { type: 'comment', comment: comment(7, 'second', 'call') },
      { type: 'comment', comment: comment(6, 'hello') },
      { type: 'pinned', pinned: { streamId: STREAM, comment: comment(6, 'hello') } },
      { type: 'live', state: { streamId: STREAM, live: 'N', liveSince: null } },
    );
    expect(feed.calls.map((c) => c.seq)).toEqual([7, 5]);
    expect(feed.comments.map((c) => c.text)).toEqual(['hello']);
    expect(feed.pinned?.seq).toBe(6);
    expect(feed.live?.live).toBe('N');
    expect(
      liveFeedReducer(feed, { type: 'pinned', pinned: { streamId: STREAM, comment: null } }).pinned,
    ).toBeNull();
  });

  it('on air again (a new broadcast) the call board starts empty; the same broadcast said again keeps it', () => {
    const since = '2026-11-26T12:00:00.000Z';
    const onAir = run(
      {
        type: 'replay',
        replay: replay([], { stream: { ...replay([]).stream, kind: 'trade', liveSince: since } }),
      },
      { type: 'calls', calls: [comment(5, 'first', 'call')] },
      // the gateway says the state again at each connect: the same broadcast
      { type: 'live', state: { streamId: STREAM, live: 'Y', liveSince: since } },
    );
    expect(onAir.calls.map((c) => c.seq)).toEqual([5]);
    const off = liveFeedReducer(onAir, {
      type: 'live',
      state: { streamId: STREAM, live: 'N', liveSince: null },
    });
    expect(off.calls.map((c) => c.seq)).toEqual([5]);
    const again = liveFeedReducer(off, {
      type: 'live',
      state: { streamId: STREAM, live: 'Y', liveSince: '2026-11-26T13:00:00.000Z' },
    });
    expect(again.calls).toEqual([]);
    const next = liveFeedReducer(again, { type: 'comment', comment: comment(9, 'new', 'call') });
    expect(next.calls.map((c) => c.seq)).toEqual([9]);
  });
});
