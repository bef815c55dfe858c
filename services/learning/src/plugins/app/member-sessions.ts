import fp from 'fastify-plugin';
import type { EntityManager } from '@rian/kit/db';
import { fieldError, ProblemError } from '@rian/kit/errors';
import type { Kit } from '@rian/kit/service';
import type { SessionMember } from '@rian/proto-contracts/learning-content';
import {
  CALENDAR_MAX_DAYS,
  type CalendarList,
  type CalendarQuery,
  type DocumentDownload,
  HOME_UPCOMING,
  type HomeCurrent,
  type LessonList,
  type MemberHome,
  type SessionView,
} from '@rian/proto-contracts/learning-member';
import { CourseSession, type CourseSessionEntity } from '../../entities/course-session.js';
import { Enrolment, type EnrolmentEntity } from '../../entities/enrolment.js';
import { Course } from '../../entities/course.js';
import { Video } from '../../entities/video.js';
import { LiveStream } from '../../entities/live-stream.js';
import { liveStreamMember } from './live-streams.js';
import { superTrackingUrl } from '../../domain/super-tracking.js';
import { enrolmentView } from './enrolments.js';
import {
  bangkokDay,
  canOpenSession,
  canSeeSchedule,
  enrolmentCovers,
  UNLIMIT,
  type AccessDecision,
  type AccessEnrolment,
  type AccessSession,
} from '../../domain/access.js';
import { aroundNow, bangkokTime, calendarItem, daysIncluded } from '../../domain/calendar.js';
import { SessionContent, type Settings } from './session-content.js';
import type { LiveBroadcasts } from './live-broadcasts.js';
import type { ReplayCallList } from '@rian/proto-contracts/learning-live';
import { videoMember } from '../../domain/content-views.js';

/** The parts of the member home read afresh on every call. */
export type HomeFresh = Pick<MemberHome, 'enrolments' | 'watch' | 'watchMonth' | 'groups'>;

export const accessEnrolment = (e: EnrolmentEntity): AccessEnrolment => ({
  courseId: e.courseId,
  status: e.status,
  special: e.special,
  start: e.start ?? null,
  end: e.end ?? null,
});

export const accessSession = (s: CourseSessionEntity): AccessSession => ({
  courseId: s.courseId,
  type: s.type,
  view: s.view,
  special: s.special,
  date: s.date,
  close: s.closeDate ?? UNLIMIT,
});

/**
 * The member area's session reads (issue 12): the calendar, today's sessions, the live / real /
 * meeting session around now, one session with its video, documents and Zoom room, and the
 * recorded lessons. Each asks the access rule (domain/access.ts): schedules need the enrolment
 * (canSeeSchedule), content needs the window too (canOpenSession). A session the member may not
 * open answers 404 `learning.session_not_found`, as one that does not exist.
 */
export class MemberSessions {
  private readonly content: SessionContent;

  /**
   * @param fresh what the member home carries but never caches — the member's own enrolments and
   *   watch figures — so the SPA needs no second call to learning and never sees them stale
   */
  constructor(
    private readonly kit: Kit,
    private readonly settings: Settings,
    private readonly fresh: (userId: string, courseId: string | undefined, now: Date) => Promise<HomeFresh>,
    private readonly calls: LiveBroadcasts,
  ) {
    this.content = new SessionContent(settings);
  }

  async calendar(userId: string, q: CalendarQuery, now = new Date()): Promise<CalendarList> {
    if (q.to < q.from)
      throw new ProblemError('learning.enrolment_dates', {
        errors: [fieldError('to', 'learning.enrolment_dates')],
      });
    if (daysIncluded(q.from, q.to) > CALENDAR_MAX_DAYS)
      throw new ProblemError('learning.range_too_long', {
        errors: [fieldError('to', 'learning.range_too_long')],
      });
    const em = this.kit.orm.em.fork();
    const e = await this.enrolmentFor(em, userId, q.courseId);
    if (!e) return { items: [] };
    const today = bangkokDay(now);
    const sessions = await this.sessionsOf(em, e, { date: { $gte: q.from, $lte: q.to } });
    return {
      items: sessions
        .filter((s) => canSeeSchedule(accessEnrolment(e), accessSession(s), today).allow)
        .map((s) =>
          calendarItem({
            id: s.id,
            courseId: s.courseId,
            type: s.type,
            title: s.title,
            detail: s.detail ?? null,
            date: s.date,
            start: s.start ?? null,
            to: s.to ?? null,
          }),
        ),
    };
  }

  /** Today's sessions (Asia/Bangkok) the member may open. */
  async today(userId: string, courseId: string | undefined, now = new Date()): Promise<SessionMember[]> {
    const em = this.kit.orm.em.fork();
    const e = await this.enrolmentFor(em, userId, courseId);
    if (!e) return [];
    const today = bangkokDay(now);
    const open = (await this.sessionsOf(em, e, { date: today })).filter(
      (s) => canOpenSession(accessEnrolment(e), accessSession(s), today).allow,
    );
    return this.content.members(em, open);
  }

  /** The first session of this type the member may open today whose time is around now, in full. */
  async current(
    userId: string,
    type: 'live' | 'real' | 'meeting',
    courseId: string | undefined,
    now = new Date(),
  ): Promise<SessionView | null> {
    const em = this.kit.orm.em.fork();
    const e = await this.enrolmentFor(em, userId, courseId);
    if (!e) return null;
    const today = bangkokDay(now);
    const time = bangkokTime(now);
    for (const s of await this.sessionsOf(em, e, { date: today, type })) {
      const decision = canOpenSession(accessEnrolment(e), accessSession(s), today);
      if (decision.allow && aroundNow({ start: s.start ?? null, to: s.to ?? null }, time))
        return this.content.view(em, s, decision.until, now);
    }
    return null;
  }

  /**
   * Issue 13: what entering the member area needs, in one read, kept in Redis for a few seconds
   * per member and course (the selection is resolved first, so a course switch reads afresh).
   */
  async home(userId: string, courseId: string | undefined, now = new Date()): Promise<MemberHome> {
    const em = this.kit.orm.em.fork();
    const e = await this.enrolmentFor(em, userId, courseId);
    const fresh = this.fresh(userId, e?.courseId, now);
    const ttl = this.settings.LEARNING_HOME_CACHE_S;
    const key = `learning:member-home:${userId}:${e?.courseId ?? 'none'}`;
    if (ttl > 0) {
      const hit = await this.kit.redis.get(key).catch(() => null);
      if (hit)
        return this.withLiveStream(em, {
          ...(JSON.parse(hit) as Omit<MemberHome, keyof HomeFresh>),
          ...(await fresh),
        });
    }
    const out = await this.buildHome(em, userId, e, now);
    if (ttl > 0) await this.kit.redis.set(key, JSON.stringify(out), 'EX', ttl).catch(() => undefined);
    return this.withLiveStream(em, { ...out, ...(await fresh) });
  }

  /**
   * Issue 15: the live session around now with its stream as it is this moment (read afresh, not
   * from the cache), so the home shows "on air" as soon as staff set the stream live.
   */
  private async withLiveStream(em: EntityManager, home: MemberHome): Promise<MemberHome> {
    const live = home.current.live;
    if (!live) return home;
    const s = live.session;
    const streamId =
      s.liveStreamId ?? (await em.findOne(Course, { id: s.courseId }))?.liveStreamingId ?? null;
    const stream = streamId ? await em.findOne(LiveStream, { id: streamId, status: 'show' }) : null;
    return {
      ...home,
      current: { ...home.current, live: { ...live, liveStream: stream ? liveStreamMember(stream) : null } },
    };
  }

  private async buildHome(
    em: EntityManager,
    userId: string,
    e: EnrolmentEntity | null,
    now: Date,
  ): Promise<Omit<MemberHome, keyof HomeFresh>> {
    const today = bangkokDay(now);
    const tracking = superTrackingUrl(
      this.settings.LEARNING_SUPERTRACKING_URL,
      this.settings.LEARNING_SUPERTRACKING_KEY,
      userId,
      today,
    );
    const current: MemberHome['current'] = { meeting: null, live: null, real: null };
    if (!e)
      return {
        enrolment: null,
        courseDetail: null,
        today: [],
        upcoming: [],
        current,
        lessonCount: 0,
        superTrackingUrl: tracking,
      };
    const course = await em.findOne(Course, { id: e.courseId });
    const ae = accessEnrolment(e);
    const ahead = await this.sessionsOf(em, e, { date: { $gte: today } });
    const todays = ahead.filter((s) => s.date === today && canOpenSession(ae, accessSession(s), today).allow);
    const members = await this.content.members(em, todays);
    const time = bangkokTime(now);
    todays.forEach((s, i) => {
      if (s.type !== 'meeting' && s.type !== 'live' && s.type !== 'real') return;
      if (current[s.type] || !aroundNow({ start: s.start ?? null, to: s.to ?? null }, time)) return;
      const item: HomeCurrent = { session: members[i]!, hasRoom: !!s.zoomRoomId };
      current[s.type] = item;
    });
    const upcoming = ahead
      .filter((s) => s.date > today && canSeeSchedule(ae, accessSession(s), today).allow)
      .slice(0, HOME_UPCOMING)
      .map((s) => ({
        id: s.id,
        type: s.type,
        title: s.title,
        date: s.date,
        start: s.start ?? null,
        to: s.to ?? null,
      }));
    const lessons = await this.lessons(userId, e.courseId, now);
    return {
      enrolment: enrolmentView(
        e,
        course
          ? {
              id: course.id,
              title: course.title,
              code: course.code ?? null,
              status: course.status,
              liveStreaming: course.liveStreaming,
            }
          : null,
      ),
      courseDetail: course?.detail ?? null,
      today: members,
      upcoming,
      current,
      lessonCount: lessons.items.length,
      superTrackingUrl: tracking,
    };
  }

  /** One session the member may open, with everything it hands out; anything else is 404. */
  async byId(userId: string, sessionId: string, now = new Date()): Promise<SessionView> {
    const em = this.kit.orm.em.fork();
    const { session, until } = await this.openable(em, userId, sessionId, now);
    return this.content.view(em, session, until, now);
  }

  /**
   * Issue 15: the trade calls a recording replays — for exactly whom the session opens (byId's
   * rule), and only while its video is shown (as the session hands it out); else 404.
   */
  async replayCalls(userId: string, sessionId: string, now = new Date()): Promise<ReplayCallList> {
    const em = this.kit.orm.em.fork();
    const { session } = await this.openable(em, userId, sessionId, now);
    const v = session.videoId ? await em.findOne(Video, { id: session.videoId, status: 'show' }) : null;
    if (!v) throw new ProblemError('learning.session_not_found');
    return this.calls.calls({
      recordingBroadcastId: v.recordingBroadcastId ?? null,
      recordingOffsetS: v.recordingOffsetS ?? 0,
    });
  }

  /** The session and the last day it is open, when the access rule lets the member open it; else 404. */
  private async openable(
    em: EntityManager,
    userId: string,
    sessionId: string,
    now: Date,
  ): Promise<{ session: CourseSessionEntity; until: string | null }> {
    const s = await em.findOne(CourseSession, { id: sessionId });
    const e = s ? await em.findOne(Enrolment, { userId, courseId: s.courseId }) : null;
    const decision: AccessDecision = s
      ? canOpenSession(e ? accessEnrolment(e) : null, accessSession(s), bangkokDay(now))
      : { allow: false, reason: 'not_enrolled' };
    if (!s || !decision.allow) throw new ProblemError('learning.session_not_found');
    return { session: s, until: decision.until };
  }

  /** The recorded lessons (video sessions with a shown video) of the course the member may open. */
  async lessons(userId: string, courseId: string | undefined, now = new Date()): Promise<LessonList> {
    const em = this.kit.orm.em.fork();
    const e = await this.enrolmentFor(em, userId, courseId);
    if (!e) return { items: [] };
    const today = bangkokDay(now);
    const open = (await this.sessionsOf(em, e, { type: 'video', videoId: { $ne: null } })).filter(
      (s) => canOpenSession(accessEnrolment(e), accessSession(s), today).allow,
    );
    const videos = new Map(
      (await em.find(Video, { id: { $in: open.map((s) => s.videoId!) }, status: 'show' })).map((v) => [
        v.id,
        v,
      ]),
    );
    const withVideo = open.filter((s) => videos.has(s.videoId!));
    const members = await this.content.members(em, withVideo);
    return {
      items: withVideo.map((s, i) => ({ session: members[i]!, video: videoMember(videos.get(s.videoId!)!) })),
    };
  }

  /**
   * The documents listed on the course itself (not on a session or video), each with a signed URL:
   * for a member whose enrolment covers the course today (active, started, not past its end).
   */
  async courseDocuments(
    userId: string,
    courseId: string | undefined,
    now = new Date(),
  ): Promise<DocumentDownload[]> {
    const em = this.kit.orm.em.fork();
    const e = await this.enrolmentFor(em, userId, courseId);
    if (!e) return [];
    if (!enrolmentCovers(accessEnrolment(e), e.courseId, bangkokDay(now)).allow)
      throw new ProblemError('learning.enrolment_not_found');
    return this.content.listedDocuments(em, { courseId: e.courseId }, now);
  }

  /**
   * The member's enrolment in `courseId` (404 `learning.enrolment_not_found` when none), or the
   * selected one (null when the member has none: empty answers).
   */
  private async enrolmentFor(
    em: EntityManager,
    userId: string,
    courseId: string | undefined,
  ): Promise<EnrolmentEntity | null> {
    if (courseId) {
      const e = await em.findOne(Enrolment, { userId, courseId });
      if (!e) throw new ProblemError('learning.enrolment_not_found');
      return e;
    }
    return em.findOne(Enrolment, { userId, selected: 'Y' });
  }

  private sessionsOf(em: EntityManager, e: EnrolmentEntity, where: object): Promise<CourseSessionEntity[]> {
    return em.find(
      CourseSession,
      { courseId: e.courseId, ...where },
      { orderBy: [{ date: 'asc' }, { start: 'asc nulls first' }, { item: 'asc' }, { id: 'asc' }] as never },
    );
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    memberSessions: MemberSessions;
  }
}

export default fp<{ settings: Settings }>(
  async (app, opts) => {
    // watchStats is registered after this plugin (it reads the lessons from here): asked at call time
    const fresh = async (userId: string, courseId: string | undefined, now: Date): Promise<HomeFresh> => {
      const [enrolments, watch, groups] = await Promise.all([
        app.enrolments.mine(userId),
        app.watchStats.summary(userId, courseId, now),
        // issue 16: a join shows at once (never from the cache)
        app.memberGroups.forMember(userId, courseId, now),
      ]);
      const watchMonth = watch.monthSeconds > 0 ? await app.watchStats.month(userId, undefined, now) : null;
      return { enrolments, watch, watchMonth, groups };
    };
    app.decorate('memberSessions', new MemberSessions(app.kit, opts.settings, fresh, app.liveBroadcasts));
  },
  { name: 'member-sessions', dependencies: ['enrolments', 'live-broadcasts'] },
);
