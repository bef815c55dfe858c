import { Type, type Static } from '@sinclair/typebox';
import { Page, Uuid } from './common.js';
import { defineEvent } from './envelope.js';
import { YesNoSchema } from './enums.js';
import { X_ERROR } from './errors.js';
import { EnrolmentSourceSchema, EnrolmentStatusSchema, EnrolmentView } from './learning.js';

/**
 * The enrolments back office (/admin/userCourse; issue 12): staff list and filter enrolments, grant
 * one by hand, edit the spec 01 §3 user_courses fields and end one. Every change — a grant (by an
 * order, by staff, by "grant missing") an edit or an end — writes `learning.enrolment.changed` with
 * the full new state and what it was before, and an audit row (docs: services/learning/README.md).
 */

const DateOnly = () =>
  Type.String({
    format: 'date',
    description: 'yyyy-mm-dd (Asia/Bangkok day)',
    [X_ERROR]: 'validation.format',
  });
const NullableDate = () => Type.Union([DateOnly(), Type.Null()]);
const EnrolmentCode = () =>
  Type.String({
    minLength: 1,
    maxLength: 40,
    [X_ERROR]: { minLength: 'validation.required', maxLength: 'validation.too_long' },
  });
const Note = () => Type.String({ maxLength: 2000, [X_ERROR]: { maxLength: 'validation.too_long' } });
const MemberId = () =>
  Type.String({
    minLength: 1,
    maxLength: 64,
    [X_ERROR]: { minLength: 'validation.required', maxLength: 'validation.too_long' },
  });

/** What staff see of an enrolment: the member's view plus the back-office fields. */
export const EnrolmentStaff = Type.Composite(
  [
    EnrolmentView,
    Type.Object({
      /** user_courses_line: the member joined the LINE group (Y/N) */
      line: YesNoSchema,
      /** user_courses_line_by: the staff id who last set `line` (set by the server) */
      lineBy: Type.Union([Type.String(), Type.Null()]),
      /** user_courses_facebook */
      facebook: YesNoSchema,
      /** user_courses_facebook_by */
      facebookBy: Type.Union([Type.String(), Type.Null()]),
      /** user_courses_note */
      note: Type.Union([Type.String(), Type.Null()]),
      /** the staff id that granted it by hand; null for an order's grant */
      grantedBy: Type.Union([Type.String(), Type.Null()]),
      updatedAt: Type.String({ format: 'date-time' }),
    }),
  ],
  { $id: 'EnrolmentStaff' },
);
export type EnrolmentStaff = Static<typeof EnrolmentStaff>;

export const AdminEnrolmentStaffPage = Page(EnrolmentStaff);
export type AdminEnrolmentStaffPage = Static<typeof AdminEnrolmentStaffPage>;

/** Staff grant by hand: once per member and course (a second grant is 409 learning.enrolment_exists). */
export const EnrolmentGrantBody = Type.Object({
  userId: MemberId(),
  courseId: Uuid(),
  code: Type.Optional(Type.Union([EnrolmentCode(), Type.Null()])),
  sptk: Type.Optional(YesNoSchema),
  special: Type.Optional(YesNoSchema),
  courseStatus: Type.Optional(YesNoSchema),
  /** default: today (Asia/Bangkok) */
  start: Type.Optional(NullableDate()),
  end: Type.Optional(NullableDate()),
  note: Type.Optional(Type.Union([Note(), Type.Null()])),
});
export type EnrolmentGrantBody = Static<typeof EnrolmentGrantBody>;

/** Staff edit: absent keeps, null clears. `status` active/ended (ending is also its own route). */
export const EnrolmentUpdateBody = Type.Object({
  code: Type.Optional(Type.Union([EnrolmentCode(), Type.Null()])),
  sptk: Type.Optional(YesNoSchema),
  special: Type.Optional(YesNoSchema),
  courseStatus: Type.Optional(YesNoSchema),
  start: Type.Optional(NullableDate()),
  end: Type.Optional(NullableDate()),
  note: Type.Optional(Type.Union([Note(), Type.Null()])),
  line: Type.Optional(YesNoSchema),
  facebook: Type.Optional(YesNoSchema),
  status: Type.Optional(EnrolmentStatusSchema),
});
export type EnrolmentUpdateBody = Static<typeof EnrolmentUpdateBody>;

export const ENROLMENT_ACTIONS = ['granted', 'updated', 'ended'] as const;
export const EnrolmentActionSchema = Type.Union(ENROLMENT_ACTIONS.map((a) => Type.Literal(a)));
export type EnrolmentAction = Static<typeof EnrolmentActionSchema>;

/**
 * What `learning.enrolment.changed` says happened: an audited action, or `announced` — no change,
 * the enrolment's state as it is, written once for each enrolment stored before learning published
 * enrolment events (D163) so read models that only learn enrolments from events know it too.
 * `changedAt` is then the enrolment's last change, so any real change heard wins. Not an audit row.
 */
export const ENROLMENT_EVENT_ACTIONS = [...ENROLMENT_ACTIONS, 'announced'] as const;
export const EnrolmentEventActionSchema = Type.Union(ENROLMENT_EVENT_ACTIONS.map((a) => Type.Literal(a)));
export type EnrolmentEventAction = Static<typeof EnrolmentEventActionSchema>;

/** The stored state of an enrolment, as events and the audit carry it (no course title). */
export const EnrolmentState = Type.Object({
  enrolmentId: Uuid(),
  userId: Type.String(),
  courseId: Type.String(),
  source: EnrolmentSourceSchema,
  status: EnrolmentStatusSchema,
  orderId: Type.Union([Uuid(), Type.Null()]),
  productId: Type.Union([Uuid(), Type.Null()]),
  selected: YesNoSchema,
  courseStatus: YesNoSchema,
  sptk: YesNoSchema,
  special: YesNoSchema,
  code: Type.Union([Type.String(), Type.Null()]),
  start: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
  end: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
  line: YesNoSchema,
  lineBy: Type.Union([Type.String(), Type.Null()]),
  facebook: YesNoSchema,
  facebookBy: Type.Union([Type.String(), Type.Null()]),
  note: Type.Union([Type.String(), Type.Null()]),
});
export type EnrolmentState = Static<typeof EnrolmentState>;

/** One audit row: who (staff id; null = learning itself, for an order's grant), when, what, before/after. */
export const EnrolmentAuditEntry = Type.Object({
  id: Uuid(),
  enrolmentId: Uuid(),
  action: EnrolmentActionSchema,
  changedBy: Type.Union([Type.String(), Type.Null()]),
  changedAt: Type.String({ format: 'date-time' }),
  before: Type.Union([EnrolmentState, Type.Null()]),
  after: EnrolmentState,
});
export type EnrolmentAuditEntry = Static<typeof EnrolmentAuditEntry>;

export const EnrolmentAuditList = Type.Object({ items: Type.Array(EnrolmentAuditEntry) });
export type EnrolmentAuditList = Static<typeof EnrolmentAuditList>;

/**
 * An enrolment was granted, edited or ended (or `announced`: its state as it is, see
 * ENROLMENT_EVENT_ACTIONS). `enrolment` is the full new state, `before` the state before (null for a
 * grant and an announcement), `changedBy` the staff id (null when learning granted it for a paid
 * order, and for an announcement). Consumers keep the newest by `changedAt`, then event id.
 */
export const EnrolmentChanged = defineEvent(
  'learning.enrolment.changed',
  1,
  Type.Object({
    action: EnrolmentEventActionSchema,
    enrolment: EnrolmentState,
    before: Type.Union([EnrolmentState, Type.Null()]),
    changedBy: Type.Union([Type.String(), Type.Null()]),
    changedAt: Type.String({ format: 'date-time' }),
  }),
);

export const LEARNING_ENROLMENT_EVENTS = [EnrolmentChanged];
