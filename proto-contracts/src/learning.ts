import { Type, type Static } from '@sinclair/typebox';
import { Page, Uuid } from './common.js';
import { defineEvent } from './envelope.js';

/**
 * Learning (ARCHITECTURE §3 step 5; issue 6): enrolments granted when an order is paid. This first
 * slice knows courses only by the ids orders carries in `orders.order.paid` (`courseIds`); the
 * course catalogue (courses, sessions) is a later slice.
 */

/** Where an enrolment came from; only paid orders grant enrolments so far. */
export const EnrolmentSourceSchema = Type.Union([Type.Literal('order')]);
export type EnrolmentSource = Static<typeof EnrolmentSourceSchema>;

export const EnrolmentStatusSchema = Type.Union([Type.Literal('active')]);
export type EnrolmentStatus = Static<typeof EnrolmentStatusSchema>;

/** One member enrolled in one course (spec 01: user_courses). At most one per (user, course). */
export const EnrolmentView = Type.Object({
  id: Uuid(),
  userId: Type.String(),
  courseId: Type.String(),
  /** the paid order that granted it */
  orderId: Type.Union([Uuid(), Type.Null()]),
  productId: Type.Union([Uuid(), Type.Null()]),
  source: EnrolmentSourceSchema,
  status: EnrolmentStatusSchema,
  createdAt: Type.String({ format: 'date-time' }),
});
export type EnrolmentView = Static<typeof EnrolmentView>;

export const EnrolmentList = Type.Object({ items: Type.Array(EnrolmentView) });
export type EnrolmentList = Static<typeof EnrolmentList>;

export const AdminEnrolmentsQuery = Type.Object({
  userId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  courseId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});
export type AdminEnrolmentsQuery = Static<typeof AdminEnrolmentsQuery>;

export const AdminEnrolmentsPage = Page(EnrolmentView);
export type AdminEnrolmentsPage = Static<typeof AdminEnrolmentsPage>;

// ---------- events ----------

/**
 * A member was enrolled in a course — once per (user, course): a course the member already had
 * (another order, the same event again) grants nothing and publishes nothing.
 */
export const EnrolmentGranted = defineEvent(
  'learning.enrolment.granted',
  1,
  Type.Object({
    enrolmentId: Uuid(),
    userId: Type.String(),
    courseId: Type.String(),
    source: EnrolmentSourceSchema,
    orderId: Type.Union([Uuid(), Type.Null()]),
    productId: Type.Union([Uuid(), Type.Null()]),
    grantedAt: Type.String({ format: 'date-time' }),
  }),
);

export const LEARNING_EVENTS = [EnrolmentGranted];
