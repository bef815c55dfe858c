import { useEffect, useReducer, useRef, useState } from 'react';
import type { LiveComment, LiveHidden, LivePinned, LiveState } from '@rian/proto-contracts/learning-live';
import { LIVE_SSE_EVENTS } from '@rian/proto-contracts/learning-live';
import { readEventStream, type ServerEvent } from '@/lib/event-stream';
import { useAuthStore } from '@/stores/auth-store';
import { emptyFeed, liveFeedReducer, type LiveFeed, type LiveFeedAction } from '../lib/live-feed';
import { getLiveReplay, getTradeCalls, liveEventsPath } from './live';

/** Waits before reconnecting: doubling from the first to the last, jittered. */
export const LIVE_RETRY_FIRST_MS = 1_000;
export const LIVE_RETRY_MAX_MS = 15_000;

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
    const ac = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = LIVE_RETRY_FIRST_MS;
    let loaded = false;
    const heard = (seq: number) => {
      if (seq > lastSeq.current) lastSeq.current = seq;
    };

    const connect = async () => {
      let opened = false;
      try {
        if (!loaded) {
          const [replay, calls] = await Promise.all([
            getLiveReplay(streamId, undefined, ac.signal),
            withCalls ? getTradeCalls(streamId, ac.signal) : Promise.resolve(null),
          ]);
          dispatch({ type: 'replay', replay });
          // the stream's latest seq (hidden ones count): the gateway goes on from there
          heard(replay.lastSeq);
          replay.items.forEach((c) => heard(c.seq));
          if (calls) {
            dispatch({ type: 'calls', calls: calls.items });
            calls.items.forEach((c) => heard(c.seq));
          }
          loaded = true;
        }
        const headers: Record<string, string> = {
          Authorization: `Bearer ${token}`,
          Accept: 'text/event-stream',
        };
        if (lastSeq.current > 0) headers['Last-Event-ID'] = String(lastSeq.current);
        const res = await fetch(liveEventsPath(streamId), { headers, signal: ac.signal });
        // the session ended, or the member may no longer watch: the page's own reads say so
        if (res.status === 401 || res.status === 403 || res.status === 404) return;
        if (res.ok && res.body) {
          opened = true;
          setConnected(true);
          await readEventStream(res.body, (e) => {
            if (e.event === LIVE_SSE_EVENTS.status) {
              setFanout(!e.data.includes('"fanout":false'));
              return;
            }
            const action = parse(e);
            if (!action) return;
            if (e.id && /^\d+$/.test(e.id)) heard(Number(e.id));
            if (action.type === 'comment') heard(action.comment.seq);
            dispatch(action);
          });
        }
      } catch {
        // network failure or abort: below
      }
      if (ac.signal.aborted) return;
      setConnected(false);
      if (opened) retryMs = LIVE_RETRY_FIRST_MS;
      const wait = retryMs * (0.8 + Math.random() * 0.4);
      retryMs = Math.min(retryMs * 2, LIVE_RETRY_MAX_MS);
      timer = setTimeout(() => void connect(), wait);
    };

    void connect();
    return () => {
      ac.abort();
      clearTimeout(timer);
      setConnected(false);
    };
  }, [token, streamId, withCalls]);

  return { feed, connected, fanout };
}
