import fp from 'fastify-plugin';
import type { EntityManager } from '@rian/kit/db';
import { ProblemError } from '@rian/kit/errors';
import type { Kit } from '@rian/kit/service';
import type { InstructorSummary } from '@rian/proto-contracts/learning-content';
import type { PublicCourse, PublicCourseList, PublicPreview } from '@rian/proto-contracts/learning-public';
import { Course, type CourseEntity } from '../../entities/course.js';
import { CourseSession } from '../../entities/course-session.js';
import { Instructor } from '../../entities/instructor.js';
import { ProductCourseList } from '../../entities/product-course-list.js';
import { Video } from '../../entities/video.js';
import type { Config } from '../../config.js';
import type { Sessions } from './sessions.js';
import { SessionContent, type Settings as ContentSettings } from './session-content.js';

export type Settings = ContentSettings & Pick<Config, 'LEARNING_PUBLIC_CACHE_S'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CACHE_KEY = 'learning:public-courses';

/**
 * The public course pages (issue 13; spec 01 §2 /course, /course/video/{id}). A course is *on sale*
 * when it is open and catalog's last course list of at least one product names it — learning does
 * not hear of a product's disabled flag, so the SPA links only to products catalog still lists.
 * A visitor reads the curriculum (titles, types, dates), the instructors and the free previews
 * (shown videos staff marked `preview`); a preview plays as a member's lesson does (an upload's
 * playlist signed for a short while). Nothing else of a course is public.
 */
export class PublicCourses {
  private readonly content: SessionContent;

  constructor(
    private readonly kit: Kit,
    private readonly sessions: Sessions,
    private readonly settings: Settings,
  ) {
    this.content = new SessionContent(settings);
  }

  /** The courses on sale, by title; kept in Redis for LEARNING_PUBLIC_CACHE_S seconds. */
  async list(): Promise<PublicCourseList> {
    const ttl = this.settings.LEARNING_PUBLIC_CACHE_S;
    if (ttl > 0) {
      const hit = await this.kit.redis.get(CACHE_KEY).catch(() => null);
      if (hit) return JSON.parse(hit) as PublicCourseList;
    }
    const out = { items: await this.build(this.kit.orm.em.fork()) };
    if (ttl > 0) await this.kit.redis.set(CACHE_KEY, JSON.stringify(out), 'EX', ttl).catch(() => undefined);
    return out;
  }

  /** A free preview of a course on sale; anything else (not marked, not shown, course off sale) 404s. */
  async preview(videoId: string, now = new Date()): Promise<PublicPreview> {
    const em = this.kit.orm.em.fork();
    const v = await em.findOne(Video, { id: videoId, preview: 'Y', status: 'show' });
    const course = v ? await em.findOne(Course, { id: v.courseId, status: 'open' }) : null;
    const productIds = course ? ((await this.productsByCourse(em)).get(course.id) ?? []) : [];
    const video = course && productIds.length ? await this.content.playback(em, videoId, now) : null;
    if (!course || !video) throw new ProblemError('learning.video_not_found');
    // a visitor's preview replays no trade calls: they are for members
    return {
      video: { ...video, recordingBroadcastId: null },
      course: { id: course.id, title: course.title, productIds },
    };
  }

  private async build(em: EntityManager): Promise<PublicCourse[]> {
    const products = await this.productsByCourse(em);
    if (!products.size) return [];
    const courses = await em.find(
      Course,
      { id: { $in: [...products.keys()] }, status: 'open' },
      { orderBy: [{ title: 'asc' }, { id: 'asc' }] },
    );
    if (!courses.length) return [];
    const ids = courses.map((c) => c.id);
    const curricula = await this.sessions.curricula(em, courses);
    const instructors = await this.instructorsByCourse(em, ids);
    const previews = await em.find(
      Video,
      { courseId: { $in: ids }, preview: 'Y', status: 'show' },
      { orderBy: [{ item: 'asc' }, { id: 'asc' }], fields: ['courseId', 'name', 'durationSeconds', 'item'] },
    );
    return courses.map((c: CourseEntity, i) => ({
      id: c.id,
      title: c.title,
      code: c.code ?? null,
      detail: c.detail ?? null,
      date: c.date ?? null,
      instructors: instructors.get(c.id) ?? [],
      items: curricula[i]!.items,
      previews: previews
        .filter((v) => v.courseId === c.id)
        .map((v) => ({ id: v.id, name: v.name, durationSeconds: v.durationSeconds ?? null })),
      productIds: products.get(c.id) ?? [],
    }));
  }

  /** Course id → the products whose list names it (catalog's last word), in product id order. */
  private async productsByCourse(em: EntityManager): Promise<Map<string, string[]>> {
    const lists = await em.find(ProductCourseList, {}, { orderBy: { productId: 'asc' } });
    const out = new Map<string, string[]>();
    for (const l of lists) {
      for (const raw of new Set(l.courseIds.filter((id) => UUID.test(id)).map((id) => id.toLowerCase()))) {
        out.set(raw, [...(out.get(raw) ?? []), l.productId]);
      }
    }
    return out;
  }

  /** The instructors (known, not hidden) of the courses' viewable sessions, in the order they first teach. */
  private async instructorsByCourse(
    em: EntityManager,
    courseIds: string[],
  ): Promise<Map<string, InstructorSummary[]>> {
    const rows = await em.find(
      CourseSession,
      { courseId: { $in: courseIds }, view: 'Y', instructorId: { $ne: null } },
      {
        orderBy: [{ date: 'asc' }, { item: 'asc' }, { id: 'asc' }],
        fields: ['courseId', 'instructorId', 'date', 'item'],
      },
    );
    const ids = [...new Set(rows.map((s) => s.instructorId!))];
    if (!ids.length) return new Map();
    const known = new Map(
      (await em.find(Instructor, { id: { $in: ids }, deletedAt: null, hidden: false })).map((i) => [
        i.id,
        { id: i.id, name: i.name, img: i.img ?? null },
      ]),
    );
    const out = new Map<string, InstructorSummary[]>();
    for (const s of rows) {
      const who = known.get(s.instructorId!);
      const list = out.get(s.courseId) ?? [];
      if (who && !list.some((i) => i.id === who.id)) out.set(s.courseId, [...list, who]);
    }
    return out;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    publicCourses: PublicCourses;
  }
}

export default fp<{ settings: Settings }>(
  async (app, opts) => {
    app.decorate('publicCourses', new PublicCourses(app.kit, app.sessions, opts.settings));
  },
  { name: 'public-courses', dependencies: ['sessions'] },
);
