import fp from 'fastify-plugin';
import { LockMode } from '@mikro-orm/core';
import { fieldError, ProblemError, validationProblem } from '@rian/kit/errors';
import type { Kit } from '@rian/kit/service';
import { found, StaffCrud } from '@rian/kit/staff-crud';
import type {
  AdminCoursesPage,
  CourseAdminQuery,
  CourseCreateBody,
  CoursePublic,
  CourseStaff,
  CourseUpdateBody,
  EnrolmentCourse,
} from '@rian/proto-contracts/learning';
import { CourseChanged, CourseDeleted } from '@rian/proto-contracts/learning';
import { Course, type CourseEntity } from '../../entities/course.js';
import { courseFields, type CourseFields } from '../../domain/course-fields.js';

const SEED_LOCK = 'learning.demo-seed';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The fields staff edit, as stored (what an update starts from). */
const fieldsOf = (c: CourseEntity): CourseFields => ({
  title: c.title,
  code: c.code ?? null,
  detail: c.detail ?? null,
  status: c.status,
  date: c.date ?? null,
  liveStreaming: c.liveStreaming,
  liveStreamingId: c.liveStreamingId ?? null,
  liveStreamingPath: c.liveStreamingPath ?? null,
  liveTradePath: c.liveTradePath ?? null,
  liveTradeId: c.liveTradeId ?? null,
});

export function coursePublic(c: CourseEntity): CoursePublic {
  return { id: c.id, ...fieldsOf(c) };
}

export function courseStaff(c: CourseEntity): CourseStaff {
  return {
    ...coursePublic(c),
    createdBy: c.createdBy ?? null,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** What catalog's read model keeps of a course (`learning.course.changed`). */
const changedData = (c: CourseEntity) => ({
  courseId: c.id,
  title: c.title,
  code: c.code ?? null,
  status: c.status,
  changedAt: c.updatedAt.toISOString(),
});

/** A second course with a code already used (any case) answers 409 on the code field. */
const CONFLICTS = {
  courses_code_unique: () =>
    new ProblemError('learning.course_code_taken', {
      errors: [fieldError('code', 'learning.course_code_taken')],
    }),
};

/** How many not-yet-announced courses one announcing transaction takes. */
const ANNOUNCE_BATCH = 200;

/**
 * Courses (spec 02 §3): staff keep them in /admin/courses, members and visitors read one. Each
 * create, change and delete writes `learning.course.changed` / `.deleted` in its transaction: catalog
 * keeps a read model of them and refuses a product course learning does not have (issue 11 item 13).
 */
export class Courses {
  private readonly crud: StaffCrud<CourseEntity, typeof CourseChanged, typeof CourseDeleted, CourseStaff>;

  constructor(private readonly kit: Kit) {
    this.crud = new StaffCrud(
      { kit },
      {
        entity: Course,
        notFound: 'learning.course_not_found',
        staff: courseStaff,
        changed: CourseChanged,
        changedData,
        deleted: CourseDeleted,
        deletedData: (c, deletedAt) => ({ courseId: c.id, deletedAt }),
        nullsLast: ['date'],
      },
    );
  }

  async publicById(id: string): Promise<CoursePublic> {
    const c = await this.kit.orm.em.fork().findOne(Course, { id });
    return coursePublic(found(c, 'learning.course_not_found'));
  }

  async staffById(id: string): Promise<CourseStaff> {
    return this.crud.byId(id);
  }

  /** Staff list: q in title or code, by status, in the sort asked (newest first by default). */
  async listStaff(q: CourseAdminQuery): Promise<AdminCoursesPage> {
    return this.crud.search(q, ['title', 'code'], q.status ? { status: q.status } : {});
  }

  async create(body: CourseCreateBody, createdBy: string | null): Promise<CourseStaff> {
    const fields = valid(courseFields(body));
    return this.crud.create({ ...fields, announcedAt: new Date() }, createdBy, { conflicts: CONFLICTS });
  }

  /**
   * The demo courses (LEARNING_SEED_DEMO) on an empty courses table, with their fixed ids, through
   * the same insert as staff's create (which writes `learning.course.changed`, so catalog hears of
   * every course); once only, even when replicas start together. Returns how many were added.
   */
  async seedWhenEmpty(courses: readonly { id: string; body: CourseCreateBody }[]): Promise<number> {
    return this.crud.write(
      async (em) => {
        await em.execute('select pg_advisory_xact_lock(hashtext(?))', [SEED_LOCK]);
        if ((await em.count(Course)) > 0) return 0;
        const now = new Date();
        for (const c of courses) {
          this.crud.insert(em, { id: c.id, ...valid(courseFields(c.body)), announcedAt: now }, null);
        }
        return courses.length;
      },
      { conflicts: CONFLICTS },
    );
  }

  async update(id: string, body: CourseUpdateBody): Promise<CourseStaff> {
    return this.crud.update(
      id,
      (c) => ({ ...valid(courseFields(body, fieldsOf(c))), announcedAt: new Date() }),
      { conflicts: CONFLICTS },
    );
  }

  /**
   * A course members are enrolled in stays (409 `learning.course_in_use`), and so does one with
   * sessions, videos, documents listed on it or member groups (409 `learning.course_has_content`): staff delete
   * those first, each with its event.
   */
  async remove(id: string): Promise<void> {
    await this.crud.remove(id, {
      before: async (em, c) => {
        const used = await em.execute(`select 1 from user_courses where course_id = ? limit 1`, [c.id]);
        if (used.length) throw new ProblemError('learning.course_in_use');
        const content = await em.execute(
          `select 1 from course_sessions where course_id = ?
           union all select 1 from videos where course_id = ?
           union all select 1 from document_lists where course_id = ?
           union all select 1 from member_groups where course_id = ? limit 1`,
          [c.id, c.id, c.id, c.id],
        );
        if (content.length) throw new ProblemError('learning.course_has_content');
      },
    });
  }

  /**
   * Writes `learning.course.changed` once for every course not announced yet — those made before
   * learning published course events, or written into the table by hand — and marks them. Runs at
   * start; `skip locked` lets replicas starting together share the work without announcing twice.
   * Returns how many it announced.
   */
  async announcePending(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.kit.orm.em.fork().transactional(async (em) => {
        const rows = await em.find(
          Course,
          { announcedAt: null },
          {
            lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE,
            orderBy: { id: 'asc' },
            limit: ANNOUNCE_BATCH,
          },
        );
        const now = new Date();
        for (const c of rows) {
          c.announcedAt = now;
          this.kit.outbox.add(em, CourseChanged, changedData(c));
        }
        return rows.length;
      });
      total += n;
      if (n < ANNOUNCE_BATCH) return total;
    }
  }

  /** The courses of these ids, for the enrolment views (ids that are not uuids have none). */
  async summaries(ids: string[]): Promise<Map<string, EnrolmentCourse>> {
    const uuids = [...new Set(ids.filter((id) => UUID.test(id)).map((id) => id.toLowerCase()))];
    if (!uuids.length) return new Map();
    const rows = await this.kit.orm.em.fork().find(Course, { id: { $in: uuids } });
    return new Map(
      rows.map((c) => [
        c.id,
        { id: c.id, title: c.title, code: c.code ?? null, status: c.status, liveStreaming: c.liveStreaming },
      ]),
    );
  }
}

function valid({ fields, blankTitle }: ReturnType<typeof courseFields>): CourseFields {
  if (blankTitle) throw validationProblem([fieldError('title', 'validation.required')]);
  return fields;
}

declare module 'fastify' {
  interface FastifyInstance {
    courses: Courses;
  }
}

export default fp(
  async (app) => {
    const courses = new Courses(app.kit);
    app.decorate('courses', courses);
    // courses from before course events reach catalog's read model once (a failure: next start)
    app.addHook('onReady', async () => {
      try {
        const announced = await courses.announcePending();
        if (announced) app.kit.logger.info({ announced }, 'announced courses made before course events');
      } catch (err) {
        app.kit.logger.error({ err }, 'could not announce earlier courses; will try at the next start');
      }
    });
  },
  { name: 'courses' },
);
