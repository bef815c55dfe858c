import fp from 'fastify-plugin';
import type { EntityManager } from '@rian/kit/db';
import { fieldError, ProblemError, validationProblem } from '@rian/kit/errors';
import type { Kit } from '@rian/kit/service';
import { FOR_UPDATE } from '@rian/kit/staff-crud';
import type { Principal } from '@rian/kit/tokens';
import {
  LIVE_COMMENT_MAX_LENGTH,
  LIVE_COMMENT_MIN_INTERVAL_MS,
  LIVE_COMMENTS_MAX_PAGE,
  LIVE_COMMENTS_PER_MINUTE,
  type LiveComment as LiveCommentView,
  type LiveCommentReplay,
  type LiveCommentStaff,
  type LiveCommentsNowQuery,
  type TradeCall,
  type TradeCallInput,
} from '@rian/proto-contracts/learning-live';
import { Course } from '../../entities/course.js';
import { CourseSession } from '../../entities/course-session.js';
import { LiveComment, type LiveCommentEntity } from '../../entities/live-comment.js';
import { LiveStream, type LiveStreamEntity } from '../../entities/live-stream.js';
import { LiveBroadcast } from '../../entities/live-broadcast.js';
import { MemberName } from '../../entities/member-name.js';
import { liveStreamMember } from './live-streams.js';
import { publishToStream } from './live-bus.js';
import type { Watcher } from './live-watch.js';

/** What a member is called when auth never told learning their name. */
export const MEMBER_FALLBACK_NAME = 'สมาชิก';
const STAFF_FALLBACK_NAME = 'ทีมงาน';

export function liveCommentView(c: LiveCommentEntity): LiveCommentView {
  return {
    seq: c.seq,
    streamId: c.streamId,
    kind: c.kind,
    courseId: c.courseId ?? null,
    sessionId: c.sessionId ?? null,
    author: { kind: c.authorKind, name: c.authorName },
    text: c.text,
    call: c.call ?? null,
    streamTime: c.streamTime ?? null,
    broadcastId: c.broadcastId ?? null,
    createdAt: c.createdAt.toISOString(),
  };
}

interface NewComment {
  kind: 'comment' | 'call';
  userId: string | null;
  authorKind: 'member' | 'staff';
  authorName: string;
  courseId: string | null;
  sessionId: string | null;
  text: string;
  call: TradeCall | null;
}

/** The text as kept: trimmed; blank → required; longer than the limit → too long. */
function commentText(raw: string): string {
  const text = raw.trim();
  if (!text) throw validationProblem([fieldError('text', 'validation.required')]);
  if ([...text].length > LIVE_COMMENT_MAX_LENGTH)
    throw validationProblem([fieldError('text', 'learning.live_comment_too_long')]);
  return text;
}

/**
 * Live comments and trade calls (spec 01 §7 liveStreamingComment; spec 02 §3 "Live stream
 * comment"): stored here (the record), then — after the commit — published on core NATS for every
 * gateway to fan out. Each comment takes the next `seq` of its stream under the stream's row lock,
 * so a stream's seqs have no gap and commit in order: a gateway that misses one sees the hole and
 * replays from the record. Members post at most one comment per 2 s and 20 a minute (Redis).
 */
export class LiveComments {
  constructor(private readonly kit: Kit) {}

  /** A member's comment on a stream they may watch now (`watcher` from LiveWatching.access). */
  async postMember(principal: Principal, watcher: Watcher, raw: string): Promise<LiveCommentView> {
    const text = commentText(raw);
    await this.throttle(principal.sub);
    const name = await this.kit.orm.em.fork().findOne(MemberName, { userId: principal.sub });
    return this.insert(watcher.stream.id, {
      kind: 'comment',
      userId: principal.sub,
      authorKind: 'member',
      authorName: name?.name ?? MEMBER_FALLBACK_NAME,
      courseId: watcher.courseId,
      sessionId: watcher.sessionId,
      text,
      call: null,
    });
  }

  /** A staff comment (the host answering, an announcement). */
  async postStaff(principal: Principal, streamId: string, raw: string): Promise<LiveCommentView> {
    return this.insert(streamId, {
      kind: 'comment',
      userId: principal.sub,
      authorKind: 'staff',
      authorName: principal.name ?? STAFF_FALLBACK_NAME,
      courseId: null,
      sessionId: null,
      text: commentText(raw),
      call: null,
    });
  }

  /** A trade call: a trade stream, while it is live (its stream time is what a recording replays). */
  async postCall(principal: Principal, streamId: string, input: TradeCallInput): Promise<LiveCommentView> {
    const note = input.note?.trim() || null;
    const call: TradeCall = {
      symbol: input.symbol.trim().toUpperCase(),
      side: input.side,
      entry: input.entry,
      stop: input.stop ?? null,
      target: input.target ?? null,
      note,
    };
    return this.insert(
      streamId,
      {
        kind: 'call',
        userId: principal.sub,
        authorKind: 'staff',
        authorName: principal.name ?? STAFF_FALLBACK_NAME,
        courseId: null,
        sessionId: null,
        text: note ?? '',
        call,
      },
      (s) => {
        if (s.kind !== 'trade') throw new ProblemError('learning.live_not_trade');
        if (s.live !== 'Y') throw new ProblemError('learning.live_not_on_air');
      },
    );
  }

  /** Staff hide a comment: gone for everyone (`hidden`); a hidden pinned one is unpinned too. */
  async hide(streamId: string, seq: number, staffId: string): Promise<LiveCommentStaff> {
    let unpinned = false;
    const row = await this.kit.orm.em.fork().transactional(async (em) => {
      const s = await this.lockedStream(em, streamId);
      const c = await this.comment(em, streamId, seq);
      if (!c.hiddenAt) em.assign(c, { hiddenAt: new Date(), hiddenBy: staffId });
      if (s.pinnedSeq === seq) {
        s.pinnedSeq = null;
        unpinned = true;
      }
      return c;
    });
    publishToStream(this.kit, streamId, { type: 'hidden', hidden: { streamId, seq } });
    if (unpinned)
      publishToStream(this.kit, streamId, { type: 'pinned', pinned: { streamId, comment: null } });
    return this.staffView(row);
  }

  /** Staff pin one comment of the stream (the one before is unpinned): `pinned` for everyone. */
  async pin(streamId: string, seq: number): Promise<LiveCommentStaff> {
    const row = await this.kit.orm.em.fork().transactional(async (em) => {
      const s = await this.lockedStream(em, streamId);
      const c = await this.comment(em, streamId, seq);
      if (c.hiddenAt) throw new ProblemError('learning.live_comment_not_found');
      s.pinnedSeq = seq;
      return c;
    });
    const comment = liveCommentView(row);
    publishToStream(this.kit, streamId, { type: 'pinned', pinned: { streamId, comment } });
    return this.staffView(row, true);
  }

  async unpin(streamId: string): Promise<void> {
    await this.kit.orm.em.fork().transactional(async (em) => {
      const s = await this.lockedStream(em, streamId);
      s.pinnedSeq = null;
    });
    publishToStream(this.kit, streamId, { type: 'pinned', pinned: { streamId, comment: null } });
  }

  /**
   * The visible comments after `after` (or the latest `limit`), oldest first, with the stream's
   * latest seq, the hidden seqs among its latest comments and the pinned one: what a page or the
   * gateway needs to continue from.
   */
  async replay(
    stream: LiveStreamEntity,
    after: number | undefined,
    limit: number,
  ): Promise<LiveCommentReplay> {
    const em = this.kit.orm.em.fork();
    const visible = { streamId: stream.id, hiddenAt: null };
    let rows: LiveCommentEntity[];
    let more: boolean;
    if (after !== undefined) {
      rows = await em.find(
        LiveComment,
        { ...visible, seq: { $gt: after } },
        { orderBy: { seq: 'asc' }, limit: limit + 1 },
      );
      more = rows.length > limit;
      rows = rows.slice(0, limit);
    } else {
      rows = (await em.find(LiveComment, visible, { orderBy: { seq: 'desc' }, limit })).reverse();
      more = false;
    }
    const hidden = await em.find(
      LiveComment,
      { streamId: stream.id, hiddenAt: { $ne: null }, seq: { $gt: stream.lastSeq - LIVE_COMMENTS_MAX_PAGE } },
      { fields: ['seq'], orderBy: { seq: 'asc' } },
    );
    const pinned =
      stream.pinnedSeq !== null && stream.pinnedSeq !== undefined
        ? await em.findOne(LiveComment, { streamId: stream.id, seq: stream.pinnedSeq, hiddenAt: null })
        : null;
    return {
      items: rows.map(liveCommentView),
      more,
      lastSeq: stream.lastSeq,
      hidden: hidden.map((h) => h.seq),
      pinned: pinned ? liveCommentView(pinned) : null,
      stream: liveStreamMember(stream),
    };
  }

  /**
   * The visible trade calls of the stream's broadcast — the one on air, else the latest — oldest
   * first: the live trade page shows this session's calls, not every earlier one (a recording
   * replays an earlier broadcast's calls on its lesson page).
   */
  async calls(streamId: string): Promise<LiveCommentView[]> {
    const em = this.kit.orm.em.fork();
    const stream = await em.findOne(LiveStream, { id: streamId }, { fields: ['broadcastId'] });
    const broadcastId =
      stream?.broadcastId ??
      (await em.findOne(LiveBroadcast, { streamId }, { orderBy: { startedAt: 'desc' }, fields: ['id'] }))?.id;
    if (!broadcastId) return [];
    const rows = await em.find(
      LiveComment,
      { streamId, broadcastId, kind: 'call', hiddenAt: null },
      { orderBy: { seq: 'asc' } },
    );
    return rows.map(liveCommentView);
  }

  /**
   * Spec 01 §7 "Now": the latest visible comments, oldest first, of a stream; of a course (posted
   * through it, or on its channel); of a session (posted through it, or on its stream that day).
   * The caller has checked the member may read them.
   */
  async now(
    q: LiveCommentsNowQuery & { streamId?: string },
    scope: { courseStream?: string | null; session?: { streamId: string | null; date: string } },
  ): Promise<LiveCommentView[]> {
    const em = this.kit.orm.em.fork();
    let where: object;
    if (q.streamId) where = { streamId: q.streamId };
    else if (q.courseId)
      where = scope.courseStream
        ? { $or: [{ courseId: q.courseId }, { streamId: scope.courseStream }] }
        : { courseId: q.courseId };
    else {
      const s = scope.session;
      const onStream = s?.streamId
        ? [
            {
              streamId: s.streamId,
              createdAt: {
                $gte: new Date(`${s.date}T00:00:00+07:00`),
                $lt: new Date(new Date(`${s.date}T00:00:00+07:00`).getTime() + 86_400_000),
              },
            },
          ]
        : [];
      where = { $or: [{ sessionId: q.sessionId }, ...onStream] };
    }
    const rows = await em.find(LiveComment, { $and: [where, { hiddenAt: null }] } as never, {
      orderBy: { createdAt: 'desc', seq: 'desc' },
      limit: q.limit,
    });
    return rows.reverse().map(liveCommentView);
  }

  /** Staff: every comment after `after` (or the latest `limit`), hidden ones too, oldest first. */
  async staffList(streamId: string, after: number | undefined, limit: number): Promise<LiveCommentStaff[]> {
    const em = this.kit.orm.em.fork();
    const stream = await em.findOne(LiveStream, { id: streamId });
    if (!stream) throw new ProblemError('learning.live_stream_not_found');
    const rows =
      after !== undefined
        ? await em.find(LiveComment, { streamId, seq: { $gt: after } }, { orderBy: { seq: 'asc' }, limit })
        : (await em.find(LiveComment, { streamId }, { orderBy: { seq: 'desc' }, limit })).reverse();
    return rows.map((r) => this.staffView(r, stream.pinnedSeq === r.seq));
  }

  /** For the Now reads: a course's channel, a session's stream (its own or its course's) and day. */
  async scopeOf(q: LiveCommentsNowQuery) {
    const em = this.kit.orm.em.fork();
    if (q.courseId) {
      const c = await em.findOne(Course, { id: q.courseId });
      return { courseStream: c?.liveStreamingId ?? null };
    }
    if (q.sessionId) {
      const s = await em.findOne(CourseSession, { id: q.sessionId });
      if (!s) return {};
      const c = s.liveStreamId ? null : await em.findOne(Course, { id: s.courseId });
      const streamId = s.liveStreamId ?? (s.type === 'live' ? (c?.liveStreamingId ?? null) : null);
      return { session: { streamId, date: s.date } };
    }
    return {};
  }

  private staffView(c: LiveCommentEntity, pinned = false): LiveCommentStaff {
    return {
      ...liveCommentView(c),
      userId: c.userId ?? null,
      hiddenAt: c.hiddenAt?.toISOString() ?? null,
      hiddenBy: c.hiddenBy ?? null,
      pinned,
    };
  }

  /**
   * The comment in one transaction with the stream's next seq (the row lock orders a stream's
   * comments), then published for the gateways.
   */
  private async insert(
    streamId: string,
    c: NewComment,
    check?: (s: LiveStreamEntity) => void,
  ): Promise<LiveCommentView> {
    const row = await this.kit.orm.em.fork().transactional(async (em) => {
      const s = await this.lockedStream(em, streamId);
      check?.(s);
      s.lastSeq += 1;
      const now = new Date();
      const streamTime =
        s.live === 'Y' && s.liveSince
          ? Math.max(0, Math.floor((now.getTime() - s.liveSince.getTime()) / 1000))
          : null;
      const broadcastId = s.live === 'Y' ? (s.broadcastId ?? null) : null;
      return em.create(LiveComment, {
        streamId,
        seq: s.lastSeq,
        ...c,
        streamTime,
        broadcastId,
        createdAt: now,
      });
    });
    const view = liveCommentView(row);
    publishToStream(this.kit, streamId, { type: 'comment', comment: view });
    return view;
  }

  private async lockedStream(em: EntityManager, streamId: string): Promise<LiveStreamEntity> {
    const s = await em.findOne(LiveStream, { id: streamId }, FOR_UPDATE);
    if (!s) throw new ProblemError('learning.live_stream_not_found');
    return s;
  }

  private async comment(em: EntityManager, streamId: string, seq: number): Promise<LiveCommentEntity> {
    const c = await em.findOne(LiveComment, { streamId, seq });
    if (!c) throw new ProblemError('learning.live_comment_not_found');
    return c;
  }

  /**
   * One comment per LIVE_COMMENT_MIN_INTERVAL_MS and LIVE_COMMENTS_PER_MINUTE a minute per member,
   * across streams (Redis: a gap key, then a sliding minute). Redis away: not limited (logged).
   */
  private async throttle(userId: string): Promise<void> {
    const gapKey = `learning:live-comment-gap:${userId}`;
    const minuteKey = `learning:live-comment-minute:${userId}`;
    const now = Date.now();
    let refusedFor: number | null = null;
    try {
      const ok = await this.kit.redis.set(gapKey, '1', 'PX', LIVE_COMMENT_MIN_INTERVAL_MS, 'NX');
      if (ok === null) {
        refusedFor = Math.max(1, await this.kit.redis.pttl(gapKey));
      } else {
        const [, [, count]] = (await this.kit.redis
          .multi()
          .zremrangebyscore(minuteKey, 0, now - 60_000)
          .zcard(minuteKey)
          .exec()) as [[Error | null, unknown], [Error | null, number]];
        if (count >= LIVE_COMMENTS_PER_MINUTE) {
          const oldest = await this.kit.redis.zrange(minuteKey, '0', '0', 'WITHSCORES');
          refusedFor = Math.max(1, Number(oldest[1] ?? now) + 60_000 - now);
        } else {
          await this.kit.redis
            .multi()
            .zadd(minuteKey, now, `${now}-${Math.random().toString(36).slice(2, 8)}`)
            .pexpire(minuteKey, 61_000)
            .exec();
        }
      }
    } catch (err) {
      this.kit.logger.warn({ err }, 'live comment rate limit unavailable (Redis): not limited');
      return;
    }
    if (refusedFor !== null)
      throw new ProblemError('learning.live_comment_too_fast', {
        headers: { 'retry-after': String(Math.ceil(refusedFor / 1000)) },
      });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    liveComments: LiveComments;
  }
}

export default fp(
  async (app) => {
    app.decorate('liveComments', new LiveComments(app.kit));
  },
  { name: 'live-comments' },
);
