import fp from 'fastify-plugin';
import { LockMode, type FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@rian/kit/db';
import { fieldError, ProblemError, validationProblem } from '@rian/kit/errors';
import type { Kit } from '@rian/kit/service';
import { assertNoProblems, containsPattern, paged, StaffCrud, window } from '@rian/kit/staff-crud';
import {
  SessionChanged,
  SessionDeleted,
  type CourseCurriculum,
  type ProductCurriculum,
  type SessionAdminQuery,
  type SessionCreateBody,
  type SessionRecord,
  type SessionsPage,
  type SessionStaff,
  type SessionUpdateBody,
} from '@rian/proto-contracts/learning-content';
import { Course } from '../../entities/course.js';
import { CourseSession, type CourseSessionEntity } from '../../entities/course-session.js';
import { Video } from '../../entities/video.js';
import { ZoomRoom } from '../../entities/zoom-room.js';
import { Instructor } from '../../entities/instructor.js';
import { ProductCourseList } from '../../entities/product-course-list.js';
import {
  newSessionFields,
  sessionProblems,
  updatedSessionFields,
  type SessionFields,
} from '../../domain/session-fields.js';
import type { FieldProblem } from '../../domain/field-rules.js';
import { sessionRecord } from '../../domain/content-views.js';
import {
  instructorProblems,
  liveStreamProblems,
  lockCourse,
  videoProblems,
  zoomRoomProblems,
} from './content-refs.js';
import { announceListsGone, listedDocuments } from './content-links.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A course's sessions: by date, then staff's item order. */
const SESSION_ORDER = [{ date: 'asc' }, { item: 'asc' }, { id: 'asc' }] as const;

const fieldsOf = (s: CourseSessionEntity): SessionFields => ({
  type: s.type,
  item: s.item,
  title: s.title,
  detail: s.detail ?? null,
  date: s.date,
  start: s.start ?? null,
  to: s.to ?? null,
  closeDate: s.closeDate ?? null,
  view: s.view,
  checkin: s.checkin,
  special: s.special,
  rating: s.rating,
  pdf: s.pdf ?? null,
  videoId: s.videoId ?? null,
  zoomRoomId: s.zoomRoomId ?? null,
  instructorId: s.instructorId ?? null,
  liveStreamId: s.liveStreamId ?? null,
});

/**
 * The rows a session names, where they changed (an instructor deleted in catalog since does not
 * block an unrelated edit): a video of the same course, a Zoom room, an instructor learning knows,
 * a live stream.
 */
async function referenceProblems(
  em: EntityManager,
  courseId: string,
  f: SessionFields,
  before?: SessionFields,
): Promise<FieldProblem[]> {
  const changed = (k: 'videoId' | 'zoomRoomId' | 'instructorId' | 'liveStreamId') =>
    f[k] !== null && f[k] !== before?.[k];
  return [
    ...(changed('videoId') ? await videoProblems(em, courseId, f.videoId!) : []),
    ...(changed('zoomRoomId') ? await zoomRoomProblems(em, f.zoomRoomId!) : []),
    ...(changed('instructorId') ? await instructorProblems(em, f.instructorId!) : []),
    ...(changed('liveStreamId') ? await liveStreamProblems(em, f.liveStreamId!) : []),
  ];
}

/**
 * A course's sessions (spec 02 §3 "Course session", /admin/coursesdetail/{id}): staff list, add,
 * change, reorder and delete them under their course; visitors read a course's or a product's
 * curriculum (titles, types and dates of the viewable sessions).
 */
export class Sessions {
  private readonly crud;

  constructor(private readonly kit: Kit) {
    this.crud = new StaffCrud(
      { kit },
      {
        entity: CourseSession,
        notFound: 'learning.session_not_found',
        staff: sessionRecord,
        changed: SessionChanged,
        deleted: SessionDeleted,
        deletedData: (s, deletedAt) => ({ id: s.id, courseId: s.courseId, deletedAt }),
      },
    );
  }

  /** The course's sessions by date then item; q matches the title. Unknown course: 404. */
  async list(courseId: string, q: SessionAdminQuery): Promise<SessionsPage> {
    const em = this.kit.orm.em.fork();
    await this.course(em, courseId);
    const where: FilterQuery<CourseSessionEntity> = { courseId };
    const text = q.q?.trim();
    if (text) where.title = { $ilike: containsPattern(text) };
    if (q.type) where.type = q.type;
    if (q.from || q.to) where.date = { ...(q.from ? { $gte: q.from } : {}), ...(q.to ? { $lte: q.to } : {}) };
    const [rows, total] = await em.findAndCount(CourseSession, where, {
      orderBy: [...SESSION_ORDER],
      ...window(q),
    });
    return paged(await this.staffViews(em, rows.map(sessionRecord)), total, q);
  }

  async byId(courseId: string, id: string): Promise<SessionStaff> {
    const r = await this.crud.byId(id);
    if (r.courseId !== courseId) throw new ProblemError('learning.session_not_found');
    return this.staffView(r);
  }

  async create(courseId: string, body: SessionCreateBody, createdBy: string | null): Promise<SessionStaff> {
    this.courseIdOk(courseId);
    const f = newSessionFields(body);
    assertNoProblems(sessionProblems(f));
    const r = await this.crud.create({ courseId, ...f }, createdBy, {
      check: async (em) => {
        await lockCourse(em, courseId);
        assertNoProblems(await referenceProblems(em, courseId, f));
      },
    });
    return this.staffView(r);
  }

  /** Absent keeps, null clears: `zoomRoomId: null` removes the room, `rating` rates it. */
  async update(courseId: string, id: string, body: SessionUpdateBody): Promise<SessionStaff> {
    this.courseIdOk(courseId);
    const r = await this.crud.update(id, async (s, em) => {
      if (s.courseId !== courseId) throw new ProblemError('learning.session_not_found');
      const before = fieldsOf(s);
      const f = updatedSessionFields(before, body);
      assertNoProblems([...sessionProblems(f), ...(await referenceProblems(em, courseId, f, before))]);
      return f;
    });
    return this.staffView(r);
  }

  /** Its document list entries go with it (each with its event). */
  async remove(courseId: string, id: string): Promise<void> {
    this.courseIdOk(courseId);
    await this.crud.remove(id, {
      before: async (em, s, deletedAt) => {
        if (s.courseId !== courseId) throw new ProblemError('learning.session_not_found');
        await announceListsGone(em, this.kit.outbox, { sessionId: s.id }, deletedAt);
      },
    });
  }

  /** A session with a fixed id in `em`'s transaction, with its event (the demo seed). */
  insertSeed(em: EntityManager, id: string, courseId: string, body: SessionCreateBody): void {
    const f = newSessionFields(body);
    assertNoProblems(sessionProblems(f));
    this.crud.insert(em, { id, courseId, ...f }, null);
  }

  /**
   * Sessions of the course in their new order: the n-th id gets item n, in one transaction, each
   * session whose item changed with its `learning.session.changed`. Ids of sessions of another
   * course (or none) answer 400 and change nothing. Answers the course's sessions.
   */
  async reorder(courseId: string, ids: readonly string[]): Promise<SessionsPage> {
    this.courseIdOk(courseId);
    await this.crud.write(async (em) => {
      await lockCourse(em, courseId);
      const rows = await em.find(
        CourseSession,
        { id: { $in: [...ids] }, courseId },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (rows.length !== ids.length) {
        throw validationProblem([fieldError('ids', 'learning.session_reorder_unknown')]);
      }
      const byId = new Map(rows.map((s) => [s.id, s]));
      const now = new Date();
      ids.forEach((id, i) => {
        const s = byId.get(id)!;
        if (s.item === i + 1) return;
        s.item = i + 1;
        s.updatedAt = now;
        this.kit.outbox.add(em, SessionChanged, sessionRecord(s));
      });
    });
    return this.list(courseId, { page: 1, pageSize: 500 });
  }

  /** A course's curriculum for its product page: the viewable sessions' titles, types and dates. */
  async courseCurriculum(courseId: string): Promise<CourseCurriculum> {
    const em = this.kit.orm.em.fork();
    const course = await this.course(em, courseId);
    return (await this.curricula(em, [course]))[0]!;
  }

  /**
   * A product's curriculum: each of its courses (as catalog last told learning, in its order; ids
   * learning has no course for are left out) with its viewable sessions. No list yet: no courses.
   */
  async productCurriculum(productId: string): Promise<ProductCurriculum> {
    const em = this.kit.orm.em.fork();
    const list = await em.findOne(ProductCourseList, { productId });
    const ids = (list?.courseIds ?? []).filter((id) => UUID.test(id)).map((id) => id.toLowerCase());
    const found = ids.length ? await em.find(Course, { id: { $in: ids } }) : [];
    const byId = new Map(found.map((c) => [c.id, c]));
    const courses = [...new Set(ids)].flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    return { productId, courses: await this.curricula(em, courses) };
  }

  private async curricula(
    em: EntityManager,
    courses: { id: string; title: string }[],
  ): Promise<CourseCurriculum[]> {
    if (!courses.length) return [];
    const rows = await em.find(
      CourseSession,
      { courseId: { $in: courses.map((c) => c.id) }, view: 'Y' },
      { orderBy: [...SESSION_ORDER], fields: ['courseId', 'title', 'type', 'date', 'item'] },
    );
    return courses.map((c) => ({
      courseId: c.id,
      title: c.title,
      items: rows
        .filter((s) => s.courseId === c.id)
        .map((s) => ({ title: s.title, type: s.type, date: s.date })),
    }));
  }

  private async course(em: EntityManager, courseId: string) {
    this.courseIdOk(courseId);
    const c = await em.findOne(Course, { id: courseId });
    if (!c) throw new ProblemError('learning.course_not_found');
    return c;
  }

  /** A course id in a path that is not a uuid names no course. */
  private courseIdOk(courseId: string): void {
    if (!UUID.test(courseId)) throw new ProblemError('learning.course_not_found');
  }

  private async staffView(r: SessionRecord): Promise<SessionStaff> {
    return (await this.staffViews(this.kit.orm.em.fork(), [r]))[0]!;
  }

  /** Records with the names of what they link to and their documents, a query per kind. */
  private async staffViews(em: EntityManager, records: SessionRecord[]): Promise<SessionStaff[]> {
    const ids = (k: 'videoId' | 'zoomRoomId' | 'instructorId') => [
      ...new Set(records.flatMap((r) => (r[k] ? [r[k]] : []))),
    ];
    // one after another: an entity manager runs one query at a time
    const videos = ids('videoId').length ? await em.find(Video, { id: { $in: ids('videoId') } }) : [];
    const rooms = ids('zoomRoomId').length ? await em.find(ZoomRoom, { id: { $in: ids('zoomRoomId') } }) : [];
    const instructors = ids('instructorId').length
      ? await em.find(Instructor, { id: { $in: ids('instructorId') }, deletedAt: null })
      : [];
    const documents = await listedDocuments(
      em,
      'sessionId',
      records.map((r) => r.id),
    );
    const video = new Map(videos.map((v) => [v.id, { id: v.id, name: v.name }]));
    const room = new Map(rooms.map((z) => [z.id, { id: z.id, title: z.title }]));
    const instructor = new Map(
      instructors.map((i) => [i.id, { id: i.id, name: i.name, img: i.img ?? null }]),
    );
    return records.map((r) => ({
      ...r,
      video: (r.videoId && video.get(r.videoId)) || null,
      zoomRoom: (r.zoomRoomId && room.get(r.zoomRoomId)) || null,
      instructor: (r.instructorId && instructor.get(r.instructorId)) || null,
      documents: documents.get(r.id) ?? [],
    }));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: Sessions;
  }
}

export default fp(
  async (app) => {
    app.decorate('sessions', new Sessions(app.kit));
  },
  { name: 'sessions' },
);
