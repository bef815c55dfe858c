import fp from 'fastify-plugin';
import type { Kit } from '@rian/kit/service';
import type {
  AdminEnrolmentsPage,
  AdminEnrolmentsQuery,
  EnrolmentView,
} from '@rian/proto-contracts/learning';
import { Enrolment, type EnrolmentEntity } from '../../entities/enrolment.js';

export function enrolmentView(e: EnrolmentEntity): EnrolmentView {
  return {
    id: e.id,
    userId: e.userId,
    courseId: e.courseId,
    orderId: e.orderId ?? null,
    productId: e.productId ?? null,
    source: e.source,
    status: e.status,
    createdAt: e.createdAt.toISOString(),
  };
}

/** Reading enrolments: the member's own, and staff's filtered list. Granting is the consumer's. */
export class Enrolments {
  constructor(private readonly kit: Kit) {}

  /** The member's own enrolments, oldest first (the order they were granted in). */
  async mine(userId: string): Promise<EnrolmentView[]> {
    const rows = await this.kit.orm.em
      .fork()
      .find(Enrolment, { userId }, { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
    return rows.map(enrolmentView);
  }

  /** Staff: newest first, by member and/or course. */
  async list(query: AdminEnrolmentsQuery): Promise<AdminEnrolmentsPage> {
    const where: { userId?: string; courseId?: string } = {};
    if (query.userId) where.userId = query.userId;
    if (query.courseId) where.courseId = query.courseId;
    const [rows, total] = await this.kit.orm.em.fork().findAndCount(Enrolment, where, {
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return { items: rows.map(enrolmentView), page: query.page, pageSize: query.pageSize, total };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    enrolments: Enrolments;
  }
}

export default fp(
  async (app) => {
    app.decorate('enrolments', new Enrolments(app.kit));
  },
  { name: 'enrolments' },
);
