import type { EntityManager } from '@rian/kit/db';
import type { Outbox } from '@rian/kit/outbox';
import {
  EnrolmentChanged,
  type EnrolmentAction,
  type EnrolmentState,
} from '@rian/proto-contracts/learning-enrolments';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import type { EnrolmentEntity } from '../../entities/enrolment.js';

/** A `user_courses` row as `select *` / `returning *` gives it. */
export interface EnrolmentRow {
  enrolment_id: string;
  user_id: string;
  course_id: string;
  order_id: string | null;
  product_id: string | null;
  source: EnrolmentState['source'];
  status: EnrolmentState['status'];
  selected: 'Y' | 'N';
  course_status: 'Y' | 'N';
  sptk: 'Y' | 'N';
  special: 'Y' | 'N';
  code: string | null;
  start_date: string | Date | null;
  end_date: string | Date | null;
  line: 'Y' | 'N';
  line_by: string | null;
  facebook: 'Y' | 'N';
  facebook_by: string | null;
  note: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** A date column as yyyy-mm-dd, whichever way the driver handed it over. */
function day(v: string | Date | null | undefined): string | null {
  if (v == null) return null;
  if (typeof v === 'string') return v.slice(0, 10);
  // node-postgres gives a `date` as local midnight
  const y = v.getFullYear();
  return `${y}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}`;
}

export function stateOfRow(r: EnrolmentRow): EnrolmentState {
  return {
    enrolmentId: r.enrolment_id,
    userId: r.user_id,
    courseId: r.course_id,
    source: r.source,
    status: r.status,
    orderId: r.order_id,
    productId: r.product_id,
    selected: r.selected,
    courseStatus: r.course_status,
    sptk: r.sptk,
    special: r.special,
    code: r.code,
    start: day(r.start_date),
    end: day(r.end_date),
    line: r.line,
    lineBy: r.line_by,
    facebook: r.facebook,
    facebookBy: r.facebook_by,
    note: r.note,
  };
}

export function stateOf(e: EnrolmentEntity): EnrolmentState {
  return {
    enrolmentId: e.id,
    userId: e.userId,
    courseId: e.courseId,
    source: e.source,
    status: e.status,
    orderId: e.orderId ?? null,
    productId: e.productId ?? null,
    selected: e.selected,
    courseStatus: e.courseStatus,
    sptk: e.sptk,
    special: e.special,
    code: e.code ?? null,
    start: day(e.start),
    end: day(e.end),
    line: e.line,
    lineBy: e.lineBy ?? null,
    facebook: e.facebook,
    facebookBy: e.facebookBy ?? null,
    note: e.note ?? null,
  };
}

/**
 * One change of an enrolment, in `em`'s transaction: the audit row (who, when, before/after) and
 * `learning.enrolment.changed` with the full new state. `changedBy` null: learning itself (a paid
 * order's grant). The course switch (`selected`) is the member's own choice and is not audited.
 */
export async function recordEnrolmentChange(
  em: EntityManager,
  outbox: Outbox,
  change: {
    action: EnrolmentAction;
    before: EnrolmentState | null;
    after: EnrolmentState;
    changedBy: string | null;
    at: Date;
  },
): Promise<void> {
  await em.execute(
    `insert into enrolment_audit (audit_id, enrolment_id, action, changed_by, changed_at, before, after)
     values (?, ?, ?, ?, ?, ?::jsonb, ?::jsonb)`,
    [
      uuidv7(),
      change.after.enrolmentId,
      change.action,
      change.changedBy,
      change.at,
      change.before ? JSON.stringify(change.before) : null,
      JSON.stringify(change.after),
    ],
  );
  outbox.add(em, EnrolmentChanged, {
    action: change.action,
    enrolment: change.after,
    before: change.before,
    changedBy: change.changedBy,
    changedAt: change.at.toISOString(),
  });
}
