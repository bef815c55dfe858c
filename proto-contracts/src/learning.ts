import { Type, type Static } from '@sinclair/typebox';
import { AdminListQuery, Page, RequiredText, Uuid } from './common.js';
import { defineEvent } from './envelope.js';
import { YesNoSchema } from './enums.js';
import { X_ERROR } from './errors.js';
import { IMAGE_STORED_NAME } from './media.js';

/**
 * Learning (ARCHITECTURE §3 step 5; issue 6): courses (spec 02 §3 "Courses") that staff keep in
 * /admin/courses, and enrolments (spec 01 §3 user_courses) granted when an order is paid. A
 * product grants course ids (`orders.order.paid` `courseIds`); an id learning has no course for
 * is still granted (`course: null` in the member's view). Sessions, videos and live streams are
 * later slices.
 */

// ---------- courses (spec 02 §3 "Courses"; docs/decisions.md D26) ----------

const NullableText = (maxLength: number) => Type.Union([Type.String({ maxLength }), Type.Null()]);
const ReadText = () => Type.Union([Type.String(), Type.Null()]);
const DateOnly = () =>
  Type.String({
    format: 'date',
    description: 'yyyy-mm-dd (Asia/Bangkok day)',
    [X_ERROR]: 'validation.format',
  });
const Meta = {
  createdBy: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
};

/** courses_status: open (members may be enrolled and study) or closed (kept, no longer sold). */
export const COURSE_STATUSES = ['open', 'closed'] as const;
export const CourseStatusSchema = Type.Union(COURSE_STATUSES.map((s) => Type.Literal(s)));
export type CourseStatus = Static<typeof CourseStatusSchema>;

/** The course code members' codes are made from (spec 01: "course code plus nickname"). */
export const CourseCode = () =>
  Type.String({
    minLength: 1,
    maxLength: 20,
    pattern: '^[A-Za-z0-9][A-Za-z0-9_-]*$',
    [X_ERROR]: {
      minLength: 'validation.required',
      maxLength: 'validation.too_long',
      pattern: 'validation.format',
    },
  });

/**
 * A course's live picture (spec 02 §7 uploads CoursesLiveStreaming / CoursesLiveTrade; issue 15):
 * what media answered for an upload of `kind` — its stored name, or its URL (a root path such as
 * `/api/media/images/live-streaming/<name>`, or https) — so only a picture media checked and
 * re-encoded is ever shown to members. "" clears it like null; absent keeps it.
 */
export const CourseLiveImage = (kind: 'live-streaming' | 'live-trade', description: string) =>
  Type.Optional(
    Type.Union([
      Type.String({
        maxLength: 300,
        pattern:
          '^(?:|(?:(?:https://[A-Za-z0-9.-]+(?::[0-9]{1,5})?)?(?:/[A-Za-z0-9._~-]+)*' +
          `/images/${kind}/)?${IMAGE_STORED_NAME})$`,
        description,
        [X_ERROR]: { maxLength: 'validation.too_long', pattern: 'validation.format' },
      }),
      Type.Null(),
    ]),
  );

const courseWritable = {
  title: RequiredText(200, { description: 'courses_title' }),
  code: Type.Optional(Type.Union([CourseCode(), Type.Null()])),
  detail: Type.Optional(NullableText(20_000)),
  status: Type.Optional(CourseStatusSchema),
  date: Type.Optional(Type.Union([DateOnly(), Type.Null()])),
  liveStreaming: Type.Optional(YesNoSchema),
  liveStreamingId: Type.Optional(Type.Union([Uuid(), Type.Null()])),
  liveStreamingPath: CourseLiveImage(
    'live-streaming',
    'courses_live_streaming_path: the live streaming picture',
  ),
  liveTradePath: CourseLiveImage('live-trade', 'courses_live_trade_path: the live trade picture'),
  /** issue 15: the course's live trade stream (a stream of kind trade; /member/livetrade) */
  liveTradeId: Type.Optional(Type.Union([Uuid(), Type.Null()])),
};

/** A course as members and visitors read it (spec 01 §3 "Course (as the member side uses it)"). */
export const CoursePublic = Type.Object(
  {
    id: Uuid(),
    title: Type.String(),
    code: ReadText(),
    detail: ReadText(),
    status: CourseStatusSchema,
    date: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
    liveStreaming: YesNoSchema,
    liveStreamingId: Type.Union([Uuid(), Type.Null()]),
    liveStreamingPath: ReadText(),
    liveTradePath: ReadText(),
    /** issue 15: the course's live trade stream (always sent; optional so earlier readers still type-check) */
    liveTradeId: Type.Optional(Type.Union([Uuid(), Type.Null()])),
  },
  { $id: 'CoursePublic' },
);
export type CoursePublic = Static<typeof CoursePublic>;

export const CourseStaff = Type.Composite([CoursePublic, Type.Object(Meta)], { $id: 'CourseStaff' });
export type CourseStaff = Static<typeof CourseStaff>;

/** Create: title required; status open, live streaming N, the rest null when not given. */
export const CourseCreateBody = Type.Object(courseWritable);
export type CourseCreateBody = Static<typeof CourseCreateBody>;
/** Update: absent keeps, null clears. */
export const CourseUpdateBody = Type.Partial(CourseCreateBody);
export type CourseUpdateBody = Static<typeof CourseUpdateBody>;

export const COURSE_SORTS = ['-createdAt', 'createdAt', 'title', '-title', 'date', '-date'] as const;
export type CourseSort = (typeof COURSE_SORTS)[number];
export const CourseAdminQuery = AdminListQuery(
  COURSE_SORTS,
  '-createdAt',
  { status: Type.Optional(CourseStatusSchema) },
  { search: 'matches title or code' },
);
export type CourseAdminQuery = Static<typeof CourseAdminQuery>;

export const AdminCoursesPage = Page(CourseStaff);
export type AdminCoursesPage = Static<typeof AdminCoursesPage>;

// ---------- enrolments (spec 01 §3 user_courses; docs/decisions.md D27) ----------

/** Where an enrolment came from: a paid order, or staff by hand (/admin/userCourse). */
export const EnrolmentSourceSchema = Type.Union([Type.Literal('order'), Type.Literal('staff')]);
export type EnrolmentSource = Static<typeof EnrolmentSourceSchema>;

/** The record's lifecycle (D27): active, or ended by staff (the member no longer opens its sessions). */
export const ENROLMENT_STATUSES = ['active', 'ended'] as const;
export const EnrolmentStatusSchema = Type.Union(ENROLMENT_STATUSES.map((s) => Type.Literal(s)));
export type EnrolmentStatus = Static<typeof EnrolmentStatusSchema>;

/** What an enrolment shows of its course; null when learning has no course with that id. */
export const EnrolmentCourse = Type.Object({
  id: Uuid(),
  title: Type.String(),
  code: ReadText(),
  status: CourseStatusSchema,
  liveStreaming: YesNoSchema,
});
export type EnrolmentCourse = Static<typeof EnrolmentCourse>;

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
  /** user_courses_select: Y on exactly one enrolment of a member (the course the member area shows) */
  selected: YesNoSchema,
  /** user_courses_status (default N) */
  courseStatus: YesNoSchema,
  /** user_courses_sptk (default N) */
  sptk: YesNoSchema,
  /** user_courses_special (default N) */
  special: YesNoSchema,
  /** user_courses_code: null until staff give one */
  code: ReadText(),
  /** user_courses_start: the Asia/Bangkok day it was granted */
  start: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
  /** user_courses_end: null = no end */
  end: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
  course: Type.Union([EnrolmentCourse, Type.Null()]),
  /**
   * user_courses_signature (issue 16): N until the member signs the course terms; the member area
   * asks for the terms (GET /member/terms) only when it is N
   */
  signature: Type.Optional(YesNoSchema),
});
export type EnrolmentView = Static<typeof EnrolmentView>;

export const EnrolmentList = Type.Object({ items: Type.Array(EnrolmentView) });
export type EnrolmentList = Static<typeof EnrolmentList>;

/** Spec 01 "Course switch" (UpdateSelect): the member's own enrolment to show in the member area. */
export const EnrolmentSelectBody = Type.Object({
  courseId: Type.String({
    minLength: 1,
    maxLength: 64,
    [X_ERROR]: { minLength: 'validation.required', maxLength: 'validation.too_long' },
  }),
});
export type EnrolmentSelectBody = Static<typeof EnrolmentSelectBody>;

export const AdminEnrolmentsQuery = Type.Object({
  userId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  courseId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  status: Type.Optional(EnrolmentStatusSchema),
  q: Type.Optional(Type.String({ maxLength: 100, description: 'in the enrolment code or note (literal)' })),
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

/**
 * A course as other services know it (catalog's read model: staff pick a product's courses from it).
 * Sent when staff add or change a course, and once for every course that existed before learning
 * published course events (`announcedAt` in learning). No revision: the newest `changedAt` (the
 * course's updatedAt), then the event id (UUIDv7), wins.
 */
export const CourseChanged = defineEvent(
  'learning.course.changed',
  1,
  Type.Object({
    courseId: Uuid(),
    title: Type.String(),
    code: Type.Union([Type.String(), Type.Null()]),
    status: CourseStatusSchema,
    changedAt: Type.String({ format: 'date-time' }),
  }),
);

/** A course was deleted (only one no member was enrolled in). Course ids are never reused. */
export const CourseDeleted = defineEvent(
  'learning.course.deleted',
  1,
  Type.Object({ courseId: Uuid(), deletedAt: Type.String({ format: 'date-time' }) }),
);

export const LEARNING_EVENTS = [EnrolmentGranted, CourseChanged, CourseDeleted];

// ---------- staff: enrolments missing for past buyers of a product ----------

export const GrantMissingResult = Type.Object(
  {
    productId: Uuid(),
    /** the product's course list as learning last heard it from catalog */
    courseIds: Type.Array(Type.String()),
    /** members with a paid order of the product that learning recorded */
    buyers: Type.Integer({ minimum: 0 }),
    /** the enrolments this call added (already enrolled: not listed) */
    granted: Type.Array(
      Type.Object({
        enrolmentId: Uuid(),
        userId: Type.String(),
        courseId: Type.String(),
        orderId: Uuid(),
      }),
    ),
  },
  { $id: 'GrantMissingResult' },
);
export type GrantMissingResult = Static<typeof GrantMissingResult>;
