import { useEffect, useReducer, useRef, useState } from 'react';
import type { LiveComment, LiveHidden, LivePinned, LiveState } from '@rian/proto-contracts/learning-live';
import { LIVE_SSE_EVENTS } from '@rian/proto-contracts/learning-live';
import type { ServerEvent } from '@/lib/event-stream';
import { followEventStream } from '@/lib/follow-event-stream';
import { useAuthStore } from '@/stores/auth-store';
import { emptyFeed, liveFeedReducer, type LiveFeed, type LiveFeedAction } from '../lib/live-feed';
import { getLiveReplay, getTradeCalls, liveEventsPath } from './live';

type Reset = { type: 'reset' };
const reducer = (feed: LiveFeed, action: LiveFeedAction | Reset): LiveFeed =>
  action.type === 'reset' ? emptyFeed : liveFeedReducer(feed, action);

function parse(e: ServerEvent): LiveFeedAction | null {
  let data: unknown;
  try {
    data = JSON.parse(e.data);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  switch (e.event) {
    case LIVE_SSE_EVENTS.comment:
    case LIVE_SSE_EVENTS.call:
      return Number.isInteger((data as LiveComment).seq)
        ? { type: 'comment', comment: data as LiveComment }
        : null;
    case LIVE_SSE_EVENTS.hidden:
      return { type: 'hidden', hidden: data as LiveHidden };
    case LIVE_SSE_EVENTS.pinned:
      return { type: 'pinned', pinned: data as LivePinned };
    case LIVE_SSE_EVENTS.live:
      return { type: 'live', state: data as LiveState };
    default:
      return null;
  }
}

/**
 * A stream's live messages: the latest comments (and, on a trade page, every trade call) read once
 * from learning, then the gateway's server-sent events read with fetch (EventSource cannot send the
 * member's token), reconnecting with a doubling wait and `Last-Event-ID` = the last `seq` heard, so
 * the gateway replays what was missed; the feed applies each `seq` once. `connected` while the
 * stream is open; `fanout` false while the gateway does not hear the bus (comments then arrive only
 * after a reconnect).
 */
export function useLiveFeed(streamId: string | undefined, { withCalls = false } = {}) {
  const token = useAuthStore((s) => s.token);
  const [feed, dispatch] = useReducer(reducer, emptyFeed);
  const [connected, setConnected] = useState(false);
  const [fanout, setFanout] = useState(true);
  const lastSeq = useRef(0);

  useEffect(() => {
    if (!token || !streamId) return;
    dispatch({ type: 'reset' });
    lastSeq.current = 0;
    const heard = (seq: number) => {
      if (seq > lastSeq.current) lastSeq.current = seq;
    };
    const stop = followEventStream({
      url: liveEventsPath(streamId),
      token,
      lastEventId: () => lastSeq.current,
      first: async (signal) => {
        const [replay, calls] = await Promise.all([
          getLiveReplay(streamId, undefined, signal),
          withCalls ? getTradeCalls(streamId, signal) : Promise.resolve(null),
        ]);
        dispatch({ type: 'replay', replay });
        // the stream's latest seq (hidden ones count): the gateway goes on from there
        heard(replay.lastSeq);
        replay.items.forEach((c) => heard(c.seq));
        if (calls) {
          dispatch({ type: 'calls', calls: calls.items });
          calls.items.forEach((c) => heard(c.seq));
        }
      },
      onConnected: setConnected,
      onEvent: (e) => {
        if (e.event === LIVE_SSE_EVENTS.status) {
          setFanout(!e.data.includes('"fanout":false'));
          return;
        }
        const action = parse(e);
        if (!action) return;
        if (e.id && /^\d+$/.test(e.id)) heard(Number(e.id));
        if (action.type === 'comment') heard(action.comment.seq);
        dispatch(action);
      },
    });
    return () => {
      stop();
      setConnected(false);
    };
  }, [token, streamId, withCalls]);

  return { feed, connected, fanout };
}
