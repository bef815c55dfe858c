import fp from 'fastify-plugin';
import type { EntityManager } from '@rian/kit/db';
import { ProblemError } from '@rian/kit/errors';
import type { Kit } from '@rian/kit/service';
import type { EnrolmentCourse, EnrolmentView } from '@rian/proto-contracts/learning';
import { Enrolment, type EnrolmentEntity } from '../../entities/enrolment.js';
import type { Courses } from './courses.js';

export function enrolmentView(e: EnrolmentEntity, course: EnrolmentCourse | null = null): EnrolmentView {
  return {
    id: e.id,
    userId: e.userId,
    courseId: e.courseId,
    orderId: e.orderId ?? null,
    productId: e.productId ?? null,
    source: e.source,
    status: e.status,
    createdAt: e.createdAt.toISOString(),
    selected: e.selected,
    courseStatus: e.courseStatus,
    sptk: e.sptk,
    special: e.special,
    code: e.code ?? null,
    start: e.start ?? null,
    end: e.end ?? null,
    course,
    signature: e.signature,
  };
}

/**
 * Serialises the changes of one member's selection (the grant and the course switch): the partial
 * unique index keeps two selected rows out, this keeps two writers from tripping over it.
 */
export async function lockMember(em: EntityManager, userId: string): Promise<void> {
  await em.execute(`select pg_advisory_xact_lock(hashtextextended('learning:user_courses:' || ?, 0))`, [
    userId,
  ]);
}

/** The member's own enrolments and course switch (staff's side: enrolment-admin.ts). */
export class Enrolments {
  constructor(
    private readonly kit: Kit,
    private readonly courses: Courses,
  ) {}

  /** The member's own enrolments, oldest first (the order they were granted in), with their courses. */
  async mine(userId: string): Promise<EnrolmentView[]> {
    const rows = await this.kit.orm.em
      .fork()
      .find(Enrolment, { userId }, { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
    return this.withCourses(rows);
  }

  /**
   * Spec 01 "Course switch" (UpdateSelect): the member's enrolment in `courseId` becomes the only
   * selected one. A course the member is not enrolled in (or another member's) is 404 and changes nothing.
   */
  async select(userId: string, courseId: string): Promise<EnrolmentView[]> {
    await this.kit.orm.em.fork().transactional(async (em) => {
      await lockMember(em, userId);
      const mine = await em.findOne(Enrolment, { userId, courseId });
      if (!mine) throw new ProblemError('learning.enrolment_not_found');
      await em.execute(
        `update user_courses set selected = 'N' where user_id = ? and selected = 'Y' and enrolment_id <> ?`,
        [userId, mine.id],
      );
      await em.execute(`update user_courses set selected = 'Y' where enrolment_id = ?`, [mine.id]);
    });
    return this.mine(userId);
  }

  private async withCourses(rows: EnrolmentEntity[]): Promise<EnrolmentView[]> {
    const courses = await this.courses.summaries(rows.map((r) => r.courseId));
    return rows.map((r) => enrolmentView(r, courses.get(r.courseId.toLowerCase()) ?? null));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    enrolments: Enrolments;
  }
}

export default fp(
  async (app) => {
    app.decorate('enrolments', new Enrolments(app.kit, app.courses));
  },
  { name: 'enrolments', dependencies: ['courses'] },
);
