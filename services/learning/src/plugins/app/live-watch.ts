import fp from 'fastify-plugin';
import type { EntityManager } from '@rian/kit/db';
import { ProblemError } from '@rian/kit/errors';
import type { Kit } from '@rian/kit/service';
import type {
  LiveAccess,
  LiveStreamMember,
  LiveViewersNow,
  LiveWatch,
} from '@rian/proto-contracts/learning-live';
import { Course } from '../../entities/course.js';
import { CourseSession, type CourseSessionEntity } from '../../entities/course-session.js';
import { Enrolment, type EnrolmentEntity } from '../../entities/enrolment.js';
import { LiveStream, type LiveStreamEntity } from '../../entities/live-stream.js';
import {
  bangkokDay,
  canOpenSession,
  enrolmentCovers,
  UNLIMIT,
  type AccessEnrolment,
} from '../../domain/access.js';
import { bangkokTime } from '../../domain/calendar.js';
import { canWatch, type LiveCourse, type LiveSession } from '../../domain/live-access.js';
import { livePlayback } from '../../domain/live-playback.js';
import { liveStreamMember } from './live-streams.js';
import { SessionContent, type Settings } from './session-content.js';
import type { Config } from '../../config.js';

export type LiveSettings = Settings &
  Pick<
    Config,
    | 'LEARNING_LIVE_ORIGIN'
    | 'LEARNING_LIVE_WEBRTC_ORIGIN'
    | 'LEARNING_LIVE_SIGNING_KEY'
    | 'LEARNING_LIVE_URL_TTL_S'
  >;

/** Who watches, through which course and session (null: the course's channel). */
export interface Watcher {
  stream: LiveStreamEntity;
  courseId: string;
  sessionId: string | null;
}

const accessEnrolment = (e: EnrolmentEntity): AccessEnrolment => ({
  courseId: e.courseId,
  status: e.status,
  special: e.special,
  start: e.start ?? null,
  end: e.end ?? null,
});

const liveSession = (s: CourseSessionEntity): LiveSession => ({
  id: s.id,
  courseId: s.courseId,
  type: s.type,
  view: s.view,
  special: s.special,
  date: s.date,
  close: s.closeDate ?? UNLIMIT,
  liveStreamId: s.liveStreamId ?? null,
  start: s.start ?? null,
  to: s.to ?? null,
});

/**
 * The member side of live streams (issue 15): which streams a member may watch now, the access a
 * comment or the gateway's SSE needs, and the signed short-lived playback URL. The rule is
 * domain/live-access.ts (on top of the access rule); a stream the member may not watch, or one
 * staff hid, answers 404 `learning.live_stream_not_found` as one that does not exist.
 */
export class LiveWatching {
  private readonly content: SessionContent;

  constructor(
    private readonly kit: Kit,
    private readonly settings: LiveSettings,
  ) {
    this.content = new SessionContent(settings);
  }

  /** The member's way in to the stream now, or 404. */
  async access(userId: string, streamId: string, now = new Date()): Promise<Watcher> {
    const em = this.kit.orm.em.fork();
    const stream = await em.findOne(LiveStream, { id: streamId, status: 'show' });
    if (!stream) throw new ProblemError('learning.live_stream_not_found');
    const decision = canWatch({ streamId, ...(await this.situation(em, userId, now)), ...clock(now) });
    if (!decision.allow) throw new ProblemError('learning.live_stream_not_found');
    return { stream, courseId: decision.courseId, sessionId: decision.sessionId };
  }

  async accessView(userId: string, streamId: string): Promise<LiveAccess> {
    const w = await this.access(userId, streamId);
    return { streamId: w.stream.id, userId, courseId: w.courseId, sessionId: w.sessionId };
  }

  /** The stream, the session that lets the member in, and while it is live a signed playback URL. */
  async watch(userId: string, streamId: string, now = new Date()): Promise<LiveWatch> {
    const w = await this.access(userId, streamId, now);
    const em = this.kit.orm.em.fork();
    const [session, course] = await Promise.all([
      w.sessionId ? em.findOne(CourseSession, { id: w.sessionId }) : null,
      em.findOne(Course, { id: w.courseId }),
    ]);
    const [member] = session ? await this.content.members(em, [session]) : [null];
    const base = {
      stream: liveStreamMember(w.stream),
      courseId: w.courseId,
      session: member ?? null,
      courseImages: {
        liveStreamingPath: course?.liveStreamingPath ?? null,
        liveTradePath: course?.liveTradePath ?? null,
      },
    };
    if (w.stream.live !== 'Y')
      return {
        ...base,
        playbackUrl: null,
        webrtcUrl: null,
        source: this.source(),
        expiresAt: null,
        refreshAt: null,
      };
    const p = livePlayback(
      {
        origin: this.settings.LEARNING_LIVE_ORIGIN,
        webrtcOrigin: this.settings.LEARNING_LIVE_WEBRTC_ORIGIN,
        signingKey: this.settings.LEARNING_LIVE_SIGNING_KEY,
        mediaBase: this.settings.MEDIA_PUBLIC_URL,
        mediaSecret: this.settings.MEDIA_URL_SECRET,
        ttlSeconds: this.settings.LEARNING_LIVE_URL_TTL_S,
      },
      { id: w.stream.id, url: w.stream.url ?? null, kind: w.stream.kind },
      now,
    );
    await this.seen(w.stream.id, userId, p.expiresAt, now);
    return {
      ...base,
      playbackUrl: p.url,
      webrtcUrl: p.webrtcUrl,
      source: p.source,
      expiresAt: p.expiresAt.toISOString(),
      refreshAt: p.refreshAt.toISOString(),
    };
  }

  /**
   * Issue 20 (D142): the member holds a playback address of the stream until `expiresAt` — one row
   * per member and stream, the newest expiry kept; the stream's other expired rows are pruned here,
   * so the table holds about the viewers of the moment.
   */
  private async seen(streamId: string, userId: string, expiresAt: Date, now: Date): Promise<void> {
    const em = this.kit.orm.em.fork();
    await em.execute(
      `delete from live_viewers where live_stream_id = ? and expires_at <= ? and user_id <> ?`,
      [streamId, now, userId],
    );
    await em.execute(
      `insert into live_viewers (live_stream_id, user_id, expires_at) values (?, ?, ?)
       on conflict (live_stream_id, user_id) do update
         set expires_at = greatest(live_viewers.expires_at, excluded.expires_at)`,
      [streamId, userId, expiresAt],
    );
  }

  /**
   * Staff: members watching now — holding an unexpired playback address of a stream that is live
   * now; distinct over all streams, and per live stream (most watched first).
   */
  async viewersNow(now = new Date()): Promise<LiveViewersNow> {
    const em = this.kit.orm.em.fork();
    const [streams, total] = await Promise.all([
      em.execute(
        `select s.live_stream_id, s.name, count(v.user_id)::int as viewers
           from live_streams s
           left join live_viewers v on v.live_stream_id = s.live_stream_id and v.expires_at > ?
          where s.live = 'Y'
          group by s.live_stream_id, s.name
          order by viewers desc, s.name asc, s.live_stream_id asc`,
        [now],
      ) as Promise<{ live_stream_id: string; name: string; viewers: number }[]>,
      em.execute(
        `select count(distinct v.user_id)::int as n
           from live_viewers v join live_streams s on s.live_stream_id = v.live_stream_id
          where s.live = 'Y' and v.expires_at > ?`,
        [now],
      ) as Promise<{ n: number }[]>,
    ]);
    return {
      viewers: total[0]!.n,
      streams: streams.map((r) => ({ streamId: r.live_stream_id, name: r.name, viewers: r.viewers })),
    };
  }

  /** Every shown stream the member may watch now (the menu's Live Streaming / Live Trade). */
  async streams(userId: string, now = new Date()): Promise<LiveStreamMember[]> {
    const em = this.kit.orm.em.fork();
    const situation = await this.situation(em, userId, now);
    const courses = new Map(situation.courses.map((c) => [c.id, c]));
    const candidates = new Set<string>();
    for (const c of situation.courses)
      for (const id of [c.liveStreamingId, c.liveTradeId]) if (id) candidates.add(id);
    for (const s of situation.sessions) {
      const id = s.liveStreamId ?? (s.type === 'live' ? courses.get(s.courseId)?.liveStreamingId : null);
      if (id) candidates.add(id);
    }
    const open = [...candidates].filter(
      (streamId) => canWatch({ streamId, ...situation, ...clock(now) }).allow,
    );
    if (!open.length) return [];
    const rows = await em.find(
      LiveStream,
      { id: { $in: open }, status: 'show' },
      { orderBy: { live: 'desc', name: 'asc' } },
    );
    return rows.map(liveStreamMember);
  }

  /**
   * The "Now" reads by course or session: a member whose enrolment covers the course today (404
   * `learning.enrolment_not_found`), or who may open the session (404 `learning.session_not_found`).
   */
  async mayReadCourse(userId: string, courseId: string, now = new Date()): Promise<void> {
    const e = await this.kit.orm.em.fork().findOne(Enrolment, { userId, courseId });
    if (!enrolmentCovers(e ? accessEnrolment(e) : null, courseId, bangkokDay(now)).allow)
      throw new ProblemError('learning.enrolment_not_found');
  }

  async mayReadSession(userId: string, sessionId: string, now = new Date()): Promise<void> {
    const em = this.kit.orm.em.fork();
    const s = await em.findOne(CourseSession, { id: sessionId });
    const e = s ? await em.findOne(Enrolment, { userId, courseId: s.courseId }) : null;
    if (!s || !canOpenSession(e ? accessEnrolment(e) : null, liveSession(s), bangkokDay(now)).allow)
      throw new ProblemError('learning.session_not_found');
  }

  private source(): 'origin' | 'dev' {
    return this.settings.LEARNING_LIVE_ORIGIN ? 'origin' : 'dev';
  }

  /** The member's enrolments, their courses, and today's sessions of them that may use a stream. */
  private async situation(
    em: EntityManager,
    userId: string,
    now: Date,
  ): Promise<{ enrolments: AccessEnrolment[]; courses: LiveCourse[]; sessions: LiveSession[] }> {
    const enrolments = await em.find(Enrolment, { userId });
    const courseIds = enrolments.map((e) => e.courseId).filter((id) => UUID.test(id));
    if (!courseIds.length) return { enrolments: [], courses: [], sessions: [] };
    const [courses, sessions] = await Promise.all([
      em.find(Course, { id: { $in: courseIds } }),
      em.find(
        CourseSession,
        {
          courseId: { $in: courseIds },
          date: bangkokDay(now),
          $or: [{ liveStreamId: { $ne: null } }, { type: 'live' }],
        },
        { orderBy: [{ start: 'asc nulls first' }, { item: 'asc' }, { id: 'asc' }] as never },
      ),
    ]);
    return {
      enrolments: enrolments.map(accessEnrolment),
      courses: courses.map((c) => ({
        id: c.id,
        liveStreaming: c.liveStreaming,
        liveStreamingId: c.liveStreamingId ?? null,
        liveTradeId: c.liveTradeId ?? null,
      })),
      sessions: sessions.map(liveSession),
    };
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const clock = (now: Date) => ({ today: bangkokDay(now), time: bangkokTime(now) });

declare module 'fastify' {
  interface FastifyInstance {
    liveWatching: LiveWatching;
  }
}

export default fp<{ settings: LiveSettings }>(
  async (app, opts) => {
    app.decorate('liveWatching', new LiveWatching(app.kit, opts.settings));
  },
  { name: 'live-watching' },
);
