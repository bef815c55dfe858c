import fp from 'fastify-plugin';
import { LockMode, type FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@rian/kit/db';
import { fieldError, ProblemError } from '@rian/kit/errors';
import type { Kit } from '@rian/kit/service';
import {
  EnrolmentGranted,
  type AdminEnrolmentsQuery,
  type EnrolmentCourse,
} from '@rian/proto-contracts/learning';
import type {
  AdminEnrolmentStaffPage,
  EnrolmentAuditList,
  EnrolmentGrantBody,
  EnrolmentStaff,
  EnrolmentState,
  EnrolmentUpdateBody,
} from '@rian/proto-contracts/learning-enrolments';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { Course } from '../../entities/course.js';
import { Enrolment, type EnrolmentEntity } from '../../entities/enrolment.js';
import { EnrolmentAudit } from '../../entities/enrolment-audit.js';
import { bangkokDay } from '../../domain/access.js';
import type { Courses } from './courses.js';
import { enrolmentView, lockMember } from './enrolments.js';
import { recordEnrolmentChange, stateOf, stateOfRow, type EnrolmentRow } from './enrolment-changes.js';

export function enrolmentStaff(e: EnrolmentEntity, course: EnrolmentCourse | null): EnrolmentStaff {
  return {
    ...enrolmentView(e, course),
    line: e.line,
    lineBy: e.lineBy ?? null,
    facebook: e.facebook,
    facebookBy: e.facebookBy ?? null,
    note: e.note ?? null,
    grantedBy: e.grantedBy ?? null,
    updatedAt: e.updatedAt.toISOString(),
  };
}

/** `a%b_c` searched literally inside a text. */
const contains = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
const blankToNull = (s: string | null | undefined) => (s == null || s.trim() === '' ? null : s.trim());

function checkDates(start: string | null, end: string | null): void {
  if (start && end && end < start)
    throw new ProblemError('learning.enrolment_dates', {
      errors: [fieldError('end', 'learning.enrolment_dates')],
    });
}

/**
 * The enrolments back office (/admin/userCourse): list and filter, grant by hand, edit, end, and
 * each enrolment's audit. Every change goes through recordEnrolmentChange (audit row +
 * `learning.enrolment.changed`) in the change's transaction; an edit that changes nothing writes
 * neither.
 */
export class EnrolmentAdmin {
  constructor(
    private readonly kit: Kit,
    private readonly courses: Courses,
  ) {}

  /** Newest first; by member (exact id), course, status, and text in the code or note. */
  async list(query: AdminEnrolmentsQuery): Promise<AdminEnrolmentStaffPage> {
    const where: FilterQuery<EnrolmentEntity> = {};
    if (query.userId) where.userId = query.userId;
    if (query.courseId) where.courseId = query.courseId;
    if (query.status) where.status = query.status;
    const text = query.q?.trim();
    if (text) where.$or = [{ code: { $ilike: contains(text) } }, { note: { $ilike: contains(text) } }];
    const [rows, total] = await this.kit.orm.em.fork().findAndCount(Enrolment, where, {
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return { items: await this.views(rows), page: query.page, pageSize: query.pageSize, total };
  }

  async get(id: string): Promise<EnrolmentStaff> {
    return this.view(await this.found(this.kit.orm.em.fork(), id));
  }

  /**
   * Staff enrol a member by hand (`source` staff, `grantedBy` the staff id). Once per member and
   * course: a member who has the course (by an order or by hand, active or ended) is 409
   * `learning.enrolment_exists` — staff edit or reopen that one instead.
   */
  async grant(body: EnrolmentGrantBody, staffId: string): Promise<EnrolmentStaff> {
    const start = body.start === undefined ? bangkokDay(new Date()) : body.start;
    const end = body.end ?? null;
    checkDates(start, end);
    const id = await this.kit.orm.em.fork().transactional(async (em) => {
      // the course stays while the grant commits (a course with enrolments is never deleted)
      const course = await em.findOne(Course, { id: body.courseId }, { lockMode: LockMode.PESSIMISTIC_READ });
      if (!course)
        throw new ProblemError('validation.failed', {
          errors: [fieldError('courseId', 'learning.course_unknown')],
        });
      await lockMember(em, body.userId);
      const rows = (await em.execute(
        `insert into user_courses (enrolment_id, user_id, course_id, source, status, created_at, updated_at,
           selected, course_status, sptk, special, code, start_date, end_date, note, granted_by)
         values (?, ?, ?, 'staff', 'active', now(), now(),
           case when exists (select 1 from user_courses where user_id = ? and selected = 'Y') then 'N' else 'Y' end,
           ?, ?, ?, ?, ?, ?, ?, ?)
         on conflict (user_id, course_id) do nothing
         returning *`,
        [
          uuidv7(),
          body.userId,
          course.id,
          body.userId,
          body.courseStatus ?? 'N',
          body.sptk ?? 'N',
          body.special ?? 'N',
          blankToNull(body.code),
          start,
          end,
          blankToNull(body.note),
          staffId,
        ],
      )) as EnrolmentRow[];
      const row = rows[0];
      if (!row)
        throw new ProblemError('learning.enrolment_exists', {
          errors: [fieldError('userId', 'learning.enrolment_exists')],
        });
      const at = new Date(row.created_at);
      this.kit.outbox.add(em, EnrolmentGranted, {
        enrolmentId: row.enrolment_id,
        userId: row.user_id,
        courseId: row.course_id,
        source: 'staff',
        orderId: null,
        productId: null,
        grantedAt: at.toISOString(),
      });
      await recordEnrolmentChange(em, this.kit.outbox, {
        action: 'granted',
        before: null,
        after: stateOfRow(row),
        changedBy: staffId,
        at,
      });
      return row.enrolment_id;
    });
    return this.get(id);
  }

  /**
   * Staff edit: absent keeps, null clears. Setting the LINE or Facebook flag records the staff id
   * as who set it. `status` ended is an end (see `end`); active reopens an ended enrolment.
   */
  async update(id: string, body: EnrolmentUpdateBody, staffId: string): Promise<EnrolmentStaff> {
    return this.change(id, staffId, (e) => {
      if (body.code !== undefined) e.code = blankToNull(body.code);
      if (body.note !== undefined) e.note = blankToNull(body.note);
      if (body.sptk !== undefined) e.sptk = body.sptk;
      if (body.special !== undefined) e.special = body.special;
      if (body.courseStatus !== undefined) e.courseStatus = body.courseStatus;
      if (body.start !== undefined) e.start = body.start;
      if (body.end !== undefined) e.end = body.end;
      if (body.line !== undefined && body.line !== e.line) {
        e.line = body.line;
        e.lineBy = staffId;
      }
      if (body.facebook !== undefined && body.facebook !== e.facebook) {
        e.facebook = body.facebook;
        e.facebookBy = staffId;
      }
      if (body.status === 'ended' && e.status !== 'ended') endNow(e, body.end !== undefined);
      else if (body.status === 'active') e.status = 'active';
    });
  }

  /**
   * Ends an enrolment: status `ended`, and the end day today (Asia/Bangkok) unless it already ends
   * earlier. The member no longer opens its sessions (the access rule). Ending an ended one changes
   * nothing.
   */
  async end(id: string, staffId: string): Promise<EnrolmentStaff> {
    return this.change(id, staffId, (e) => {
      if (e.status !== 'ended') endNow(e, false);
    });
  }

  /** The enrolment's changes, oldest first. */
  async audit(id: string): Promise<EnrolmentAuditList> {
    const em = this.kit.orm.em.fork();
    await this.found(em, id);
    const rows = await em.find(
      EnrolmentAudit,
      { enrolmentId: id },
      { orderBy: [{ changedAt: 'asc' }, { id: 'asc' }] },
    );
    return {
      items: rows.map((r) => ({
        id: r.id,
        enrolmentId: r.enrolmentId,
        action: r.action,
        changedBy: r.changedBy ?? null,
        changedAt: r.changedAt.toISOString(),
        before: r.before ?? null,
        after: r.after,
      })),
    };
  }

  private async change(
    id: string,
    staffId: string,
    apply: (e: EnrolmentEntity) => void,
  ): Promise<EnrolmentStaff> {
    const e = await this.kit.orm.em.fork().transactional(async (em) => {
      const e = await this.found(em, id, LockMode.PESSIMISTIC_WRITE);
      const before = stateOf(e);
      apply(e);
      const after = stateOf(e);
      checkDates(after.start, after.end);
      if (same(before, after)) return e;
      const at = new Date();
      e.updatedAt = at;
      const action = before.status !== 'ended' && after.status === 'ended' ? 'ended' : 'updated';
      await recordEnrolmentChange(em, this.kit.outbox, { action, before, after, changedBy: staffId, at });
      return e;
    });
    return this.view(e);
  }

  private async found(em: EntityManager, id: string, lockMode?: LockMode): Promise<EnrolmentEntity> {
    const e = await em.findOne(Enrolment, { id }, lockMode ? { lockMode } : {});
    if (!e) throw new ProblemError('learning.enrolment_unknown');
    return e;
  }

  private async view(e: EnrolmentEntity): Promise<EnrolmentStaff> {
    return (await this.views([e]))[0]!;
  }

  private async views(rows: EnrolmentEntity[]): Promise<EnrolmentStaff[]> {
    const courses = await this.courses.summaries(rows.map((r) => r.courseId));
    return rows.map((r) => enrolmentStaff(r, courses.get(r.courseId.toLowerCase()) ?? null));
  }
}

/** status ended; the end day becomes today unless the caller set one or it already ends earlier. */
function endNow(e: EnrolmentEntity, endGiven: boolean): void {
  e.status = 'ended';
  if (endGiven) return;
  const today = bangkokDay(new Date());
  if ((!e.end || e.end > today) && (!e.start || e.start <= today)) e.end = today;
}

function same(a: EnrolmentState, b: EnrolmentState): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

declare module 'fastify' {
  interface FastifyInstance {
    enrolmentAdmin: EnrolmentAdmin;
  }
}

export default fp(
  async (app) => {
    app.decorate('enrolmentAdmin', new EnrolmentAdmin(app.kit, app.courses));
  },
  { name: 'enrolment-admin', dependencies: ['courses'] },
);
