import fp from 'fastify-plugin';
import type { EntityManager } from '@rian/kit/db';
import { fieldError, ProblemError } from '@rian/kit/errors';
import { openText, secretKeyFrom } from '@rian/kit/secret-box';
import type { Kit } from '@rian/kit/service';
import { signMediaUrl } from '@rian/kit/signed-url';
import type { InstructorSummary, SessionMember, VideoMember } from '@rian/proto-contracts/learning-content';
import {
  CALENDAR_MAX_DAYS,
  type CalendarList,
  type CalendarQuery,
  type DocumentDownload,
  type LessonList,
  type SessionView,
  type VideoPlayback,
} from '@rian/proto-contracts/learning-member';
import { CourseDocument } from '../../entities/course-document.js';
import { CourseSession, type CourseSessionEntity } from '../../entities/course-session.js';
import { DocumentList } from '../../entities/document-list.js';
import { Enrolment, type EnrolmentEntity } from '../../entities/enrolment.js';
import { Instructor } from '../../entities/instructor.js';
import { MediaDocument } from '../../entities/media-document.js';
import { Video, type VideoEntity } from '../../entities/video.js';
import { VideoAsset } from '../../entities/video-asset.js';
import { ZoomRoom } from '../../entities/zoom-room.js';
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
import type { Config } from '../../config.js';

/** Binds a sealed Zoom passcode to its column (the same purpose the Zoom room's writer seals with). */
const PASSCODE_PURPOSE = 'learning:zoom-passcode';
const MASTER_PLAYLIST = 'master.m3u8';

const accessEnrolment = (e: EnrolmentEntity): AccessEnrolment => ({
  courseId: e.courseId,
  status: e.status,
  special: e.special,
  start: e.start ?? null,
  end: e.end ?? null,
});

const accessSession = (s: CourseSessionEntity): AccessSession => ({
  courseId: s.courseId,
  type: s.type,
  view: s.view,
  special: s.special,
  date: s.date,
  close: s.closeDate ?? UNLIMIT,
});

function videoMember(v: VideoEntity): VideoMember {
  return {
    id: v.id,
    courseId: v.courseId,
    source: v.source,
    vimeoId: v.vimeoId ?? null,
    hlsUrl: v.hlsUrl ?? null,
    embedUrl: v.embedUrl ?? null,
    assetId: v.assetId ?? null,
    name: v.name,
    detail: v.detail ?? null,
    item: v.item,
    durationSeconds: v.durationSeconds ?? null,
  };
}

type Settings = Pick<
  Config,
  'MEDIA_PUBLIC_URL' | 'MEDIA_URL_SECRET' | 'LEARNING_SIGNED_URL_TTL_S' | 'LEARNING_SECRET_KEY'
>;

/**
 * The member area's session reads (issue 12): the calendar, today's sessions, the live / real /
 * meeting session around now, one session with its video, documents and Zoom room, and the
 * recorded lessons. Each asks the access rule (domain/access.ts): schedules need the enrolment
 * (canSeeSchedule), content needs the window too (canOpenSession). A session the member may not
 * open answers 404 `learning.session_not_found`, as one that does not exist.
 */
export class MemberSessions {
  private readonly passcodeKey: Buffer;

  constructor(
    private readonly kit: Kit,
    private readonly settings: Settings,
  ) {
    this.passcodeKey = secretKeyFrom(settings.LEARNING_SECRET_KEY, 'LEARNING_SECRET_KEY');
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
    return this.members(em, open);
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
        return this.view(em, s, decision, now);
    }
    return null;
  }

  /** One session the member may open, with everything it hands out; anything else is 404. */
  async byId(userId: string, sessionId: string, now = new Date()): Promise<SessionView> {
    const em = this.kit.orm.em.fork();
    const s = await em.findOne(CourseSession, { id: sessionId });
    const e = s ? await em.findOne(Enrolment, { userId, courseId: s.courseId }) : null;
    const decision: AccessDecision = s
      ? canOpenSession(e ? accessEnrolment(e) : null, accessSession(s), bangkokDay(now))
      : { allow: false, reason: 'not_enrolled' };
    if (!s || !decision.allow) throw new ProblemError('learning.session_not_found');
    return this.view(em, s, decision, now);
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
    const members = await this.members(em, withVideo);
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
    return this.listedDocuments(em, { courseId: e.courseId }, now);
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

  private async members(em: EntityManager, sessions: CourseSessionEntity[]): Promise<SessionMember[]> {
    const ids = [...new Set(sessions.map((s) => s.instructorId).filter((id): id is string => !!id))];
    const instructors = new Map<string, InstructorSummary>(
      ids.length
        ? (await em.find(Instructor, { id: { $in: ids }, deletedAt: null })).map((i) => [
            i.id,
            { id: i.id, name: i.name, img: i.img ?? null },
          ])
        : [],
    );
    return sessions.map((s) => ({
      id: s.id,
      courseId: s.courseId,
      type: s.type,
      item: s.item,
      title: s.title,
      detail: s.detail ?? null,
      date: s.date,
      start: s.start ?? null,
      to: s.to ?? null,
      close: s.closeDate ?? UNLIMIT,
      checkin: s.checkin,
      special: s.special,
      rating: s.rating,
      pdf: s.pdf ?? null,
      videoId: s.videoId ?? null,
      zoomRoomId: s.zoomRoomId ?? null,
      liveStreamId: s.liveStreamId ?? null,
      instructor: (s.instructorId && instructors.get(s.instructorId)) || null,
    }));
  }

  private async view(
    em: EntityManager,
    s: CourseSessionEntity,
    decision: AccessDecision & { allow: true },
    now: Date,
  ): Promise<SessionView> {
    const [session] = await this.members(em, [s]);
    const room = s.zoomRoomId ? await em.findOne(ZoomRoom, { id: s.zoomRoomId }) : null;
    return {
      session: session!,
      openUntil: decision.until,
      video: s.videoId ? await this.playback(em, s.videoId, now) : null,
      documents: await this.documents(em, s, now),
      zoomRoom: room
        ? {
            id: room.id,
            title: room.title,
            url: room.url,
            meetingId: room.meetingId ?? null,
            passcode: room.passcodeSealed
              ? openText(room.passcodeSealed, this.passcodeKey, PASSCODE_PURPOSE)
              : null,
          }
        : null,
    };
  }

  /** A shown video; an upload's playlist signed for a short while once media has it ready. */
  private async playback(em: EntityManager, videoId: string, now: Date): Promise<VideoPlayback | null> {
    const v = await em.findOne(Video, { id: videoId, status: 'show' });
    if (!v) return null;
    const out: VideoPlayback = { ...videoMember(v), playbackUrl: null, posterUrl: null, expiresAt: null };
    if (v.source !== 'upload' || !v.assetId) return out;
    const asset = await em.findOne(VideoAsset, { assetId: v.assetId });
    if (asset?.status !== 'ready') return out;
    const playlist = this.sign(`hls/${v.assetId}`, asset.playlist || MASTER_PLAYLIST, now);
    return {
      ...out,
      playbackUrl: playlist.url,
      posterUrl: asset.poster ? this.sign(`hls/${v.assetId}`, asset.poster, now).url : null,
      expiresAt: playlist.expiresAt.toISOString(),
    };
  }

  /** Documents listed on the session or on its video, in list order, each with a signed URL. */
  private documents(em: EntityManager, s: CourseSessionEntity, now: Date): Promise<DocumentDownload[]> {
    return this.listedDocuments(
      em,
      { $or: [{ sessionId: s.id }, ...(s.videoId ? [{ videoId: s.videoId }] : [])] },
      now,
    );
  }

  private async listedDocuments(em: EntityManager, where: object, now: Date): Promise<DocumentDownload[]> {
    const lists = await em.find(DocumentList, where, { orderBy: [{ item: 'asc' }, { id: 'asc' }] });
    const ids = [...new Set(lists.map((l) => l.documentId))];
    if (!ids.length) return [];
    const docs = new Map((await em.find(CourseDocument, { id: { $in: ids } })).map((d) => [d.id, d]));
    const files = new Map(
      (await em.find(MediaDocument, { fileId: { $in: [...docs.values()].map((d) => d.fileId) } })).map(
        (f) => [f.fileId, f],
      ),
    );
    return ids.flatMap((id) => {
      const d = docs.get(id);
      if (!d) return [];
      const f = files.get(d.fileId);
      const signed = f ? this.sign(`document/${f.fileId}`, f.filename, now) : null;
      return [
        {
          id: d.id,
          name: d.name,
          detail: d.detail ?? null,
          type: d.type ?? null,
          position: d.position,
          img: d.img ?? null,
          file: f
            ? { fileId: f.fileId, filename: f.filename, contentType: f.contentType, bytes: f.bytes }
            : null,
          url: signed?.url ?? null,
          expiresAt: signed?.expiresAt.toISOString() ?? null,
        },
      ];
    });
  }

  private sign(scope: string, file: string, now: Date) {
    return signMediaUrl({
      base: this.settings.MEDIA_PUBLIC_URL,
      secret: this.settings.MEDIA_URL_SECRET,
      scope,
      file,
      ttlSeconds: this.settings.LEARNING_SIGNED_URL_TTL_S,
      now,
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    memberSessions: MemberSessions;
  }
}

export default fp<{ settings: Settings }>(
  async (app, opts) => {
    app.decorate('memberSessions', new MemberSessions(app.kit, opts.settings));
  },
  { name: 'member-sessions' },
);
