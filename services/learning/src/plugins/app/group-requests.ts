import fp from 'fastify-plugin';
import type { EntityManager } from '@rian/kit/db';
import { fieldError, ProblemError, validationProblem } from '@rian/kit/errors';
import type { Kit } from '@rian/kit/service';
import { FOR_UPDATE, found, paged, sortOrder, window, type Paged } from '@rian/kit/staff-crud';
import {
  GroupRequestApproved,
  type GroupCodesResult,
  type GroupRequestAdminQuery,
  type GroupRequestCreateBody,
  type GroupRequestStaff,
  type GroupRequestStatus,
  type UngroupedPage,
  type UngroupedQuery,
} from '@rian/proto-contracts/learning-groups';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { Course } from '../../entities/course.js';
import { Enrolment } from '../../entities/enrolment.js';
import {
  MemberGroup,
  MemberGroupUser,
  type MemberGroupEntity,
  type MemberGroupUserEntity,
} from '../../entities/member-group.js';
import { canMoveRequest, enrolmentFlagOf, groupMemberCode } from '../../domain/group-request-status.js';
import { recordEnrolmentChange, stateOf } from './enrolment-changes.js';

const blankToNull = (v: string | null | undefined): string | null => v?.trim() || null;

function staffView(r: MemberGroupUserEntity, g: MemberGroupEntity): GroupRequestStaff {
  return {
    id: r.id,
    groupId: g.id,
    groupName: g.name,
    groupType: g.type,
    courseId: g.courseId,
    userId: r.userId,
    status: r.status,
    code: r.code ?? null,
    note: r.note ?? null,
    approvedBy: r.approvedBy ?? null,
    approvedAt: r.approvedAt?.toISOString() ?? null,
    requestedAt: r.requestedAt.toISOString(),
  };
}

/**
 * Staff approval of members into groups (spec 02 §3–§4 "Member group user"; /admin/memberGroupUser,
 * /admin/memberGroupUserNone). Each move follows the domain's transition table; the member's
 * enrolment flag of the group's kind (LINE / Facebook, and who set it) follows the approval, with
 * its audit row and `learning.enrolment.changed`; an approval publishes `learning.group-request.approved`
 * (notifications sends ConfirmGroup) — all in one transaction.
 */
export class GroupRequests {
  constructor(private readonly kit: Kit) {}

  async list(q: GroupRequestAdminQuery): Promise<Paged<GroupRequestStaff>> {
    const em = this.kit.orm.em.fork();
    const where: Record<string, unknown> = {};
    if (q.groupId) where.groupId = q.groupId;
    if (q.status) where.status = q.status;
    if (q.userId) where.userId = q.userId;
    if (q.courseId) {
      const ids = (await em.find(MemberGroup, { courseId: q.courseId }, { fields: ['id'] })).map((g) => g.id);
      where.groupId = q.groupId ? (ids.includes(q.groupId) ? q.groupId : { $in: [] }) : { $in: ids };
    }
    const text = q.q?.trim();
    const filter = text
      ? {
          $and: [
            where,
            { $or: [{ code: { $ilike: `%${text}%` } }, { userId: text }, { note: { $ilike: `%${text}%` } }] },
          ],
        }
      : where;
    const { field, direction } = sortOrder(q.sort);
    const [rows, total] = await em.findAndCount(MemberGroupUser, filter as never, {
      orderBy: [{ [field]: `${direction} nulls last` }, { id: direction }] as never,
      ...window(q),
    });
    const groups = await this.groupsOf(em, rows);
    return paged(
      rows.map((r) => staffView(r, groups.get(r.groupId)!)),
      total,
      q,
    );
  }

  async byId(id: string): Promise<GroupRequestStaff> {
    const em = this.kit.orm.em.fork();
    const r = found(await em.findOne(MemberGroupUser, { id }), 'learning.group_request_not_found');
    return staffView(r, await em.findOneOrFail(MemberGroup, { id: r.groupId }));
  }

  /** Approve with a note (kept as given; absent keeps the note there was). */
  approve(
    id: string,
    note: string | null | undefined,
    staffId: string,
    now = new Date(),
  ): Promise<GroupRequestStaff> {
    return this.move(id, 'approved', staffId, now, (r) => {
      if (note !== undefined) r.note = blankToNull(note);
      r.approvedBy = staffId;
      r.approvedAt = now;
    });
  }

  /** Un-approve (spec: approve_by back to none): the request waits again. */
  unapprove(id: string, staffId: string, now = new Date()): Promise<GroupRequestStaff> {
    return this.move(id, 'requested', staffId, now, (r) => {
      r.approvedBy = null;
      r.approvedAt = null;
    });
  }

  /** Staff put an enrolled member into a group themselves: a request approved at once. */
  async add(body: GroupRequestCreateBody, staffId: string, now = new Date()): Promise<GroupRequestStaff> {
    const id = await this.kit.orm.em.fork().transactional(async (em) => {
      const g = found(await em.findOne(MemberGroup, { id: body.groupId }), 'learning.member_group_not_found');
      const e = await em.findOne(Enrolment, { userId: body.userId, courseId: g.courseId });
      if (!e) throw validationProblem([fieldError('userId', 'learning.group_member_not_enrolled')]);
      const newId = uuidv7();
      const inserted = (await em.execute(
        `insert into member_group_users (member_group_user_id, member_group_id, user_id, status, requested_at, updated_at)
         values (?, ?, ?, 'requested', ?, ?) on conflict (member_group_id, user_id) do nothing returning member_group_user_id`,
        [newId, g.id, body.userId, now, now],
      )) as unknown[];
      if (!inserted.length) throw new ProblemError('learning.group_request_exists');
      return newId;
    });
    return this.approve(id, body.note, staffId, now);
  }

  /**
   * Gennarate: a code for each of the group's requests without one, numbered after the highest
   * number the group already has, in request order.
   */
  async generateCodes(groupId: string): Promise<GroupCodesResult> {
    return this.kit.orm.em.fork().transactional(async (em) => {
      const g = found(
        await em.findOne(MemberGroup, { id: groupId }, FOR_UPDATE),
        'learning.member_group_not_found',
      );
      const course = await em.findOne(Course, { id: g.courseId });
      const rows = await em.find(
        MemberGroupUser,
        { groupId },
        { orderBy: [{ requestedAt: 'asc' }, { id: 'asc' }] },
      );
      let n = rows.filter((r) => r.code).length;
      let generated = 0;
      const taken = new Set(rows.map((r) => r.code).filter(Boolean));
      for (const r of rows) {
        if (r.code) continue;
        let code: string;
        do code = groupMemberCode(course?.code ?? null, ++n);
        while (taken.has(code));
        taken.add(code);
        r.code = code;
        r.updatedAt = new Date();
        generated += 1;
      }
      return { generated };
    });
  }

  /** /admin/memberGroupUserNone: the course's enrolments with no request in any of its groups. */
  async ungrouped(q: UngroupedQuery): Promise<UngroupedPage> {
    const em = this.kit.orm.em.fork();
    const params = [q.courseId, q.courseId];
    const from = `from user_courses e
      where e.course_id = ? and not exists (
        select 1 from member_group_users u join member_groups g on g.member_group_id = u.member_group_id
        where g.course_id = ? and u.user_id = e.user_id)`;
    const [{ total }] = (await em.execute(`select count(*)::int as total ${from}`, params)) as [
      { total: number },
    ];
    const { limit, offset } = window(q);
    const rows = (await em.execute(
      `select e.enrolment_id, e.user_id, e.code, e.line, e.facebook, e.start_date::text as start
       ${from} order by e.created_at, e.enrolment_id limit ? offset ?`,
      [...params, limit, offset],
    )) as {
      enrolment_id: string;
      user_id: string;
      code: string | null;
      line: 'Y' | 'N';
      facebook: 'Y' | 'N';
      start: string | null;
    }[];
    return paged(
      rows.map((r) => ({
        enrolmentId: r.enrolment_id,
        userId: r.user_id,
        code: r.code,
        line: r.line,
        facebook: r.facebook,
        start: r.start,
      })),
      total,
      q,
    );
  }

  private async move(
    id: string,
    to: GroupRequestStatus,
    staffId: string,
    now: Date,
    apply: (r: MemberGroupUserEntity) => void,
  ): Promise<GroupRequestStaff> {
    return this.kit.orm.em.fork().transactional(async (em) => {
      const r = found(
        await em.findOne(MemberGroupUser, { id }, FOR_UPDATE),
        'learning.group_request_not_found',
      );
      if (!canMoveRequest(r.status, to)) throw new ProblemError('learning.group_request_state');
      const g = await em.findOneOrFail(MemberGroup, { id: r.groupId });
      r.status = to;
      r.updatedAt = now;
      apply(r);
      await em.flush();
      await this.followFlag(em, r, g, staffId, now);
      if (to === 'approved') {
        const course = await em.findOne(Course, { id: g.courseId });
        this.kit.outbox.add(em, GroupRequestApproved, {
          id: r.id,
          userId: r.userId,
          groupId: g.id,
          groupType: g.type,
          groupName: g.name,
          groupUrl: g.url,
          courseId: g.courseId,
          courseTitle: course?.title ?? '',
          code: r.code ?? null,
          note: r.note ?? null,
          approvedBy: staffId,
          approvedAt: now.toISOString(),
        });
      }
      return staffView(r, g);
    });
  }

  /**
   * The enrolment's flag of the group's kind: Y (set by this staff member) while an approved request
   * of that kind exists in the course, else N (and nobody).
   */
  private async followFlag(
    em: EntityManager,
    r: MemberGroupUserEntity,
    g: MemberGroupEntity,
    staffId: string,
    now: Date,
  ): Promise<void> {
    const e = await em.findOne(Enrolment, { userId: r.userId, courseId: g.courseId }, FOR_UPDATE);
    if (!e) return;
    const flag = enrolmentFlagOf(g.type);
    const approved = (await em.execute(
      `select 1 from member_group_users u join member_groups g on g.member_group_id = u.member_group_id
       where u.user_id = ? and g.course_id = ? and g.type = ? and u.status = 'approved' limit 1`,
      [r.userId, g.courseId, g.type],
    )) as unknown[];
    const want = approved.length ? 'Y' : 'N';
    if (e[flag] === want) return;
    const before = stateOf(e);
    e[flag] = want;
    if (flag === 'line') e.lineBy = want === 'Y' ? staffId : null;
    else e.facebookBy = want === 'Y' ? staffId : null;
    e.updatedAt = now;
    await em.flush();
    await recordEnrolmentChange(em, this.kit.outbox, {
      action: 'updated',
      before,
      after: stateOf(e),
      changedBy: staffId,
      at: now,
    });
  }

  private async groupsOf(em: EntityManager, rows: MemberGroupUserEntity[]) {
    const ids = [...new Set(rows.map((r) => r.groupId))];
    const groups = ids.length ? await em.find(MemberGroup, { id: { $in: ids } }) : [];
    return new Map(groups.map((g) => [g.id, g]));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    groupRequests: GroupRequests;
  }
}

export default fp(
  async (app) => {
    app.decorate('groupRequests', new GroupRequests(app.kit));
  },
  { name: 'group-requests' },
);
