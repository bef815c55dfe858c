import fp from 'fastify-plugin';
import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@rian/kit/db';
import { fieldError, ProblemError } from '@rian/kit/errors';
import type { Kit } from '@rian/kit/service';
import type {
  KnownCourse,
  KnownCoursesPage,
  KnownCoursesQuery,
} from '@rian/proto-contracts/catalog-commerce';
import { LearningCourse, type LearningCourseEntity } from '../../entities/learning-course.js';
import { containsPattern } from '@rian/kit/staff-crud';

// learning's course ids are UUIDs: anything else cannot be one of its courses
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const view = (c: LearningCourseEntity): KnownCourse => ({
  id: c.id,
  title: c.title,
  code: c.code ?? null,
  status: c.status,
});

/**
 * Learning's courses as catalog knows them (its read model of `learning.course.*`): staff pick a
 * product's courses from them, and a product is never given an id learning does not have.
 */
export class KnownCourses {
  constructor(private readonly kit: Kit) {}

  /** Staff's list: q in title or code (any case, literal), or exactly `ids`; by title. */
  async list(q: KnownCoursesQuery): Promise<KnownCoursesPage> {
    const where: FilterQuery<LearningCourseEntity> = { deletedAt: null };
    const text = q.q?.trim();
    if (text) {
      const like = containsPattern(text);
      where.$or = [{ title: { $ilike: like } }, { code: { $ilike: like } }];
    }
    if (q.ids !== undefined) {
      where.id = {
        $in: [...new Set(q.ids.split(',').map((id) => id.trim().toLowerCase()))].filter((id) =>
          UUID.test(id),
        ),
      };
    }
    const [rows, total] = await this.kit.orm.em.fork().findAndCount(LearningCourse, where, {
      orderBy: [{ title: 'asc' }, { id: 'asc' }],
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    });
    return { items: rows.map(view), page: q.page, pageSize: q.pageSize, total };
  }

  /**
   * The ids as learning spells them (lower-case UUIDs), when learning has every one of them (closed
   * courses too: they are kept, only not sold); else 422 `catalog.course_unknown` on `field`,
   * naming the unknown ids, and the caller's transaction writes nothing.
   */
  async check(em: EntityManager, ids: readonly string[], field: string): Promise<string[]> {
    if (!ids.length) return [];
    const candidates = [...new Set(ids.filter((id) => UUID.test(id)).map((id) => id.toLowerCase()))];
    const rows = candidates.length
      ? await em.find(LearningCourse, { id: { $in: candidates }, deletedAt: null }, { fields: ['id'] })
      : [];
    const known = new Set(rows.map((r) => r.id));
    const unknown = ids.filter((id) => !known.has(id.toLowerCase()));
    if (unknown.length) {
      throw new ProblemError('catalog.course_unknown', {
        errors: [fieldError(field, 'catalog.course_unknown')],
        extra: { unknownCourseIds: unknown },
      });
    }
    return ids.map((id) => id.toLowerCase());
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    knownCourses: KnownCourses;
  }
}

export default fp(
  async (app) => {
    app.decorate('knownCourses', new KnownCourses(app.kit));
  },
  { name: 'known-courses' },
);
