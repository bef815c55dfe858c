import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import {
  LIVE_SSE_EVENTS,
  type LiveComment,
  type LiveCommentStaff,
  type LiveHidden,
  type LivePinned,
} from '@rian/proto-contracts/learning-live';
import { API_BASE } from '@/lib/api-client';
import { followEventStream } from '@/lib/follow-event-stream';
import { useStaffStore } from '@/stores/staff-store';
import { useStaffComments } from './live-streams';

/** The dialog keeps at most this many comments (the newest). */
export const STAFF_FEED_KEEP = 200;

/** What the stream said since the list was read: new comments, hidden seqs, the pinned one. */
interface Overlay {
  added: Map<number, LiveCommentStaff>;
  hidden: Map<number, string>;
  /** undefined: no word yet (the list's own flags hold) */
  pinned: number | null | undefined;
}
type Action =
  | { type: 'reset' }
  | { type: 'comment'; comment: LiveComment }
  | { type: 'hidden'; seq: number; at: string }
  | { type: 'pinned'; seq: number | null };

const empty: Overlay = { added: new Map(), hidden: new Map(), pinned: undefined };

function reducer(o: Overlay, a: Action): Overlay {
  switch (a.type) {
    case 'reset':
      return empty;
    case 'comment': {
      if (o.added.has(a.comment.seq)) return o;
      const added = new Map(o.added);
      // the SSE carries what members see: staff's extra fields start empty
      added.set(a.comment.seq, { ...a.comment, userId: null, hiddenAt: null, hiddenBy: null, pinned: false });
      return { ...o, added };
    }
    case 'hidden': {
      if (o.hidden.has(a.seq)) return o;
      return { ...o, hidden: new Map(o.hidden).set(a.seq, a.at) };
    }
    case 'pinned':
      return { ...o, pinned: a.seq };
  }
}

/** The list and the overlay as one list, newest first; hidden ones stay (marked) for staff. */
export function mergeStaffFeed(items: LiveCommentStaff[], o: Overlay): LiveCommentStaff[] {
  const bySeq = new Map<number, LiveCommentStaff>();
  for (const c of o.added.values()) bySeq.set(c.seq, c);
  // the list (read again after each change staff make) knows more of a comment than the stream
  for (const c of items) bySeq.set(c.seq, c);
  return [...bySeq.values()]
    .map((c) => {
      const hiddenAt = c.hiddenAt ?? o.hidden.get(c.seq) ?? null;
      const pinned = hiddenAt ? false : o.pinned === undefined ? c.pinned : o.pinned === c.seq;
      return hiddenAt === c.hiddenAt && pinned === c.pinned ? c : { ...c, hiddenAt, pinned };
    })
    .sort((a, b) => b.seq - a.seq)
    .slice(0, STAFF_FEED_KEEP);
}

/**
 * A stream's comments for staff, live: the staff list (hidden ones too) read once — and again after
 * each change staff make — then the same server-sent events members read (GET /api/live/streams/:id
 * with the staff token; learning lets staff read every stream), from the newest seq the list has:
 * new comments and calls join the list, a `hidden` event marks one hidden (it stays, marked), a
 * `pinned` event moves the pin. Reconnects as the member pages do. `connected` is null before the
 * first connection, then whether the stream is open.
 */
export function useStaffLiveComments(streamId: string) {
  const list = useStaffComments(streamId);
  const token = useStaffStore((s) => s.token);
  const [overlay, dispatch] = useReducer(reducer, empty);
  const [connected, setConnected] = useState<boolean | null>(null);
  const lastSeq = useRef(0);
  const loaded = list.isSuccess;
  for (const c of list.data?.items ?? []) if (c.seq > lastSeq.current) lastSeq.current = c.seq;

  useEffect(() => {
    // from the list's newest seq: the gateway sends only what came after it
    if (!token || !loaded) return;
    dispatch({ type: 'reset' });
    const heard = (seq: number) => {
      if (seq > lastSeq.current) lastSeq.current = seq;
    };
    const stop = followEventStream({
      url: `${API_BASE}/live/streams/${streamId}`,
      token,
      lastEventId: () => lastSeq.current,
      onConnected: setConnected,
      onEvent: (e) => {
        let data: unknown;
        try {
          data = JSON.parse(e.data);
        } catch {
          return;
        }
        if (typeof data !== 'object' || data === null) return;
        if (e.event === LIVE_SSE_EVENTS.comment || e.event === LIVE_SSE_EVENTS.call) {
          const c = data as LiveComment;
          if (!Number.isInteger(c.seq)) return;
          heard(c.seq);
          dispatch({ type: 'comment', comment: c });
        } else if (e.event === LIVE_SSE_EVENTS.hidden) {
          dispatch({ type: 'hidden', seq: (data as LiveHidden).seq, at: new Date().toISOString() });
        } else if (e.event === LIVE_SSE_EVENTS.pinned) {
          dispatch({ type: 'pinned', seq: (data as LivePinned).comment?.seq ?? null });
        }
      },
    });
    return () => {
      stop();
      setConnected(null);
    };
  }, [token, streamId, loaded]);

  const items = useMemo(() => mergeStaffFeed(list.data?.items ?? [], overlay), [list.data, overlay]);
  return { list, items, connected };
}
