import type {
  LiveComment,
  LiveCommentReplay,
  LiveHidden,
  LivePinned,
  LiveState,
} from '@rian/proto-contracts/learning-live';

/** Comments kept on screen (the oldest go first); trade calls are all kept. */
export const LIVE_FEED_KEEP = 200;

/**
 * What a live page shows of a stream's messages: the text comments (oldest first), the trade calls
 * (newest first), the pinned comment, whether it is on air, and the last `seq` heard (the
 * `Last-Event-ID` of a reconnect). Built only from the replay and the server-sent events, each
 * applied at most once (by `seq`), so a replay after a reconnect never doubles a comment.
 */
export interface LiveFeed {
  comments: LiveComment[];
  calls: LiveComment[];
  pinned: LiveComment | null;
  live: LiveState | null;
  lastSeq: number;
  hidden: ReadonlySet<number>;
}

export const emptyFeed: LiveFeed = {
  comments: [],
  calls: [],
  pinned: null,
  live: null,
  lastSeq: 0,
  hidden: new Set(),
};

export type LiveFeedAction =
  | { type: 'replay'; replay: LiveCommentReplay }
  | { type: 'calls'; calls: LiveComment[] }
  | { type: 'comment'; comment: LiveComment }
  | { type: 'hidden'; hidden: LiveHidden }
  | { type: 'pinned'; pinned: LivePinned }
  | { type: 'live'; state: LiveState };

function addComment(feed: LiveFeed, c: LiveComment): LiveFeed {
  if (feed.hidden.has(c.seq)) return feed;
  const lastSeq = Math.max(feed.lastSeq, c.seq);
  if (c.kind === 'call') {
    if (feed.calls.some((x) => x.seq === c.seq)) return { ...feed, lastSeq };
    return { ...feed, lastSeq, calls: [...feed.calls, c].sort((a, b) => b.seq - a.seq) };
  }
  if (feed.comments.some((x) => x.seq === c.seq)) return { ...feed, lastSeq };
  const comments = [...feed.comments, c].sort((a, b) => a.seq - b.seq).slice(-LIVE_FEED_KEEP);
  return { ...feed, lastSeq, comments };
}

function hide(feed: LiveFeed, seqs: number[]): LiveFeed {
  if (!seqs.length) return feed;
  const hidden = new Set(feed.hidden);
  for (const s of seqs) hidden.add(s);
  return {
    ...feed,
    hidden,
    comments: feed.comments.filter((c) => !hidden.has(c.seq)),
    calls: feed.calls.filter((c) => !hidden.has(c.seq)),
    pinned: feed.pinned && hidden.has(feed.pinned.seq) ? null : feed.pinned,
  };
}

export function liveFeedReducer(feed: LiveFeed, action: LiveFeedAction): LiveFeed {
  switch (action.type) {
    case 'replay': {
      const { replay } = action;
      let next = hide(feed, replay.hidden);
      for (const c of replay.items) next = addComment(next, c);
      return {
        ...next,
        lastSeq: Math.max(next.lastSeq, replay.lastSeq),
        pinned: replay.pinned,
        live: next.live ?? {
          streamId: replay.stream.id,
          live: replay.stream.live,
          liveSince: replay.stream.liveSince,
        },
      };
    }
    case 'calls': {
      let next = feed;
      for (const c of action.calls) next = addComment(next, c);
      return next;
    }
    case 'comment':
      return addComment(feed, action.comment);
    case 'hidden':
      return hide(feed, [action.hidden.seq]);
    case 'pinned':
      return {
        ...feed,
        pinned:
          action.pinned.comment && !feed.hidden.has(action.pinned.comment.seq) ? action.pinned.comment : null,
      };
    case 'live': {
      // a new broadcast (on air again, a new liveSince): its board starts empty, as learning's
      // calls read does (the calls of the broadcast on air, D89)
      const restarted =
        action.state.live === 'Y' && feed.live !== null && action.state.liveSince !== feed.live.liveSince;
      return { ...feed, live: action.state, ...(restarted ? { calls: [] } : {}) };
    }
  }
}
