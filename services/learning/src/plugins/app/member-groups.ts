import fp from 'fastify-plugin';
import type { EntityManager } from '@rian/kit/db';
import { ProblemError } from '@rian/kit/errors';
import type { Kit } from '@rian/kit/service';
import { assertNoProblems, StaffCrud, type Paged } from '@rian/kit/staff-crud';
import {
  MemberGroupChanged,
  MemberGroupDeleted,
  type GroupRequestMine,
  type MemberGroupAdminQuery,
  type MemberGroupCreateBody,
  type MemberGroupList,
  type MemberGroupRecord,
  type MemberGroupStaff,
  type MemberGroupUpdateBody,
} from '@rian/proto-contracts/learning-groups';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { Course } from '../../entities/course.js';
import { Enrolment, type EnrolmentEntity } from '../../entities/enrolment.js';
import {
  MemberGroup,
  MemberGroupUser,
  type MemberGroupEntity,
  type MemberGroupUserEntity,
} from '../../entities/member-group.js';
import { bangkokDay, enrolmentCovers } from '../../domain/access.js';
import { GROUP_REQUEST_NEW } from '../../domain/group-request-status.js';
import {
  memberGroupFields,
  memberGroupProblems,
  type MemberGroupFields,
} from '../../domain/member-group-fields.js';
import { courseProblems } from './content-refs.js';
import { accessEnrolment } from './member-sessions.js';

export const memberGroupStaff = (g: MemberGroupEntity): MemberGroupStaff => ({
  id: g.id,
  courseId: g.courseId,
  type: g.type,
  name: g.name,
  url: g.url,
  qr: g.qr ?? null,
  qrManual: g.qrManual ?? null,
  hidden: g.hidden,
  condition: g.condition,
  conditionValue: g.conditionValue ?? null,
  conditionText: g.conditionText ?? null,
  createdBy: g.createdBy ?? null,
  createdAt: g.createdAt.toISOString(),
  updatedAt: g.updatedAt.toISOString(),
});

const memberGroupRecord = (g: MemberGroupEntity): MemberGroupRecord => ({
  id: g.id,
  courseId: g.courseId,
  type: g.type,
  name: g.name,
  hidden: g.hidden,
  changedAt: g.updatedAt.toISOString(),
});

export const requestMine = (r: MemberGroupUserEntity): GroupRequestMine => ({
  id: r.id,
  status: r.status,
  code: r.code ?? null,
  requestedAt: r.requestedAt.toISOString(),
  approvedAt: r.approvedAt?.toISOString() ?? null,
});

/**
 * Member groups (spec 02 §3 "Member group", /admin/memberGroup) and the member's side of them (spec
 * 01 §7 memberGroup ByCoursesIdAndUser, §4 "Group join"): the groups of the member's course that are
 * not hidden, each with the member's own request, and the request itself. A group of a course the
 * member is not (or no longer) enrolled in, or a hidden one, answers 404 as if it did not exist.
 */
export class MemberGroups {
  private readonly crud;

  constructor(private readonly kit: Kit) {
    this.crud = new StaffCrud(
      { kit },
      {
        entity: MemberGroup,
        notFound: 'learning.member_group_not_found',
        staff: memberGroupStaff,
        changedData: memberGroupRecord,
        changed: MemberGroupChanged,
        deleted: MemberGroupDeleted,
        deletedData: (g, deletedAt) => ({ id: g.id, courseId: g.courseId, deletedAt }),
      },
    );
  }

  listStaff(q: MemberGroupAdminQuery): Promise<Paged<MemberGroupStaff>> {
    const where = {
      ...(q.courseId ? { courseId: q.courseId } : {}),
      ...(q.type ? { type: q.type } : {}),
    };
    return this.crud.search(q, ['name', 'url'], where);
  }

  staffById(id: string): Promise<MemberGroupStaff> {
    return this.crud.byId(id);
  }

  create(body: MemberGroupCreateBody, createdBy: string | null): Promise<MemberGroupStaff> {
    const f = memberGroupFields(body);
    assertNoProblems(memberGroupProblems(f));
    return this.crud.create({ courseId: body.courseId, ...f }, createdBy, {
      check: async (em) => assertNoProblems(await courseProblems(em, body.courseId)),
    });
  }

  update(id: string, body: MemberGroupUpdateBody): Promise<MemberGroupStaff> {
    return this.crud.update(id, (g) => {
      const f = memberGroupFields(body, fieldsOf(g));
      assertNoProblems(memberGroupProblems(f));
      return f;
    });
  }

  /** Its requests go with it (the enrolment flags they set stay: staff change those on the enrolment). */
  remove(id: string): Promise<void> {
    return this.crud.remove(id);
  }

  /** A group with a fixed id in `em`'s transaction, with its event (the demo seed). */
  insertSeed(em: EntityManager, id: string, body: MemberGroupCreateBody): void {
    const f = memberGroupFields(body);
    assertNoProblems(memberGroupProblems(f));
    this.crud.insert(em, { id, courseId: body.courseId, ...f }, null);
  }

  /**
   * The groups of the member's course (the named one — 404 when not enrolled — else the selected
   * one) that are not hidden, with the member's own request of each. No enrolment: no groups.
   */
  async forMember(userId: string, courseId: string | undefined, now = new Date()): Promise<MemberGroupList> {
    const em = this.kit.orm.em.fork();
    const e = courseId
      ? await em.findOne(Enrolment, { userId, courseId })
      : await em.findOne(Enrolment, { userId, selected: 'Y' });
    if (!e) {
      if (courseId) throw new ProblemError('learning.enrolment_not_found');
      return { courseId: null, courseCode: null, items: [] };
    }
    const course = await em.findOne(Course, { id: e.courseId });
    if (!covers(e, now)) {
      if (courseId) throw new ProblemError('learning.enrolment_not_found');
      return { courseId: e.courseId, courseCode: course?.code ?? null, items: [] };
    }
    const groups = await em.find(
      MemberGroup,
      { courseId: e.courseId, hidden: 'N' },
      { orderBy: [{ type: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }] },
    );
    const requests = groups.length
      ? await em.find(MemberGroupUser, { userId, groupId: { $in: groups.map((g) => g.id) } })
      : [];
    const byGroup = new Map(requests.map((r) => [r.groupId, r]));
    return {
      courseId: e.courseId,
      courseCode: course?.code ?? null,
      items: groups.map((g) => {
        const r = byGroup.get(g.id);
        return {
          id: g.id,
          type: g.type,
          name: g.name,
          url: g.url,
          qr: g.qr ?? null,
          qrManual: g.qrManual ?? null,
          condition: g.condition,
          conditionText: g.conditionText ?? null,
          request: r ? requestMine(r) : null,
        };
      }),
    };
  }

  /**
   * The member asks to join a group they may see: recorded once (`created` false when it already
   * was — the same request answers again, whatever its status).
   */
  async join(
    userId: string,
    groupId: string,
    now = new Date(),
  ): Promise<{ request: GroupRequestMine; created: boolean }> {
    return this.kit.orm.em.fork().transactional(async (em) => {
      const g = await em.findOne(MemberGroup, { id: groupId });
      const e = g ? await em.findOne(Enrolment, { userId, courseId: g.courseId }) : null;
      if (!g || g.hidden === 'Y' || !e || !covers(e, now)) {
        throw new ProblemError('learning.member_group_not_found');
      }
      const id = uuidv7();
      const inserted = (await em.execute(
        `insert into member_group_users (member_group_user_id, member_group_id, user_id, status, requested_at, updated_at)
         values (?, ?, ?, ?, ?, ?) on conflict (member_group_id, user_id) do nothing returning member_group_user_id`,
        [id, groupId, userId, GROUP_REQUEST_NEW, now, now],
      )) as unknown[];
      const r = await em.findOneOrFail(MemberGroupUser, { groupId, userId });
      return { request: requestMine(r), created: inserted.length > 0 };
    });
  }
}

function covers(e: EnrolmentEntity, now: Date): boolean {
  return enrolmentCovers(accessEnrolment(e), e.courseId, bangkokDay(now)).allow;
}

function fieldsOf(g: MemberGroupEntity): MemberGroupFields {
  return {
    type: g.type,
    name: g.name,
    url: g.url,
    qr: g.qr ?? null,
    qrManual: g.qrManual ?? null,
    hidden: g.hidden,
    condition: g.condition,
    conditionValue: g.conditionValue ?? null,
    conditionText: g.conditionText ?? null,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    memberGroups: MemberGroups;
  }
}

export default fp(
  async (app) => {
    app.decorate('memberGroups', new MemberGroups(app.kit));
  },
  { name: 'member-groups' },
);
