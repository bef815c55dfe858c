import { Type, type Static } from '@sinclair/typebox';
import { AdminListQuery, Page, RequiredText, Uuid } from './common.js';
import { defineEvent } from './envelope.js';
import { YesNoSchema } from './enums.js';
import { X_ERROR } from './errors.js';

/**
 * Member groups (issue 16; spec 01 §2 group dialogs, §3 "User group" / "Member group", §4 "Group
 * join", §7 memberGroup; spec 02 §3 "Member group" / "Member group user", §4 "Member group user").
 * A course's chat groups (a Facebook group or a LINE group): staff keep them at /admin/memberGroup;
 * a member of the course sees the groups that are not hidden and asks to join; staff approve the
 * request at /admin/memberGroupUser, which sets the enrolment's LINE / Facebook flag and sends the
 * ConfirmGroup e-mail.
 *
 * JSON names: member_group_type → `type`, member_group_name → `name`, member_group_url → `url`,
 * member_group_path → `qr`, member_group_path_manual → `qrManual` (file names of media's `qr`
 * images, read at /api/qr/{file}), member_group_hide → `hidden`, member_group_condition(_value,
 * _text) → `condition`, `conditionValue`, `conditionText`; member group user's
 * user_product_group_code → `code`, user_product_group_note → `note`, approve_by → `approvedBy`.
 */

export const MEMBER_GROUP_TYPES = ['facebook', 'line'] as const;
export type MemberGroupType = (typeof MEMBER_GROUP_TYPES)[number];
export const MemberGroupTypeSchema = Type.Union(
  MEMBER_GROUP_TYPES.map((t) => Type.Literal(t)),
  { [X_ERROR]: 'validation.format' },
);

/** A join request's status (the domain's transition table says which moves are allowed). */
export const GROUP_REQUEST_STATUSES = ['requested', 'approved'] as const;
export type GroupRequestStatus = (typeof GROUP_REQUEST_STATUSES)[number];
export const GroupRequestStatusSchema = Type.Union(GROUP_REQUEST_STATUSES.map((s) => Type.Literal(s)));

const ReadText = () => Type.Union([Type.String(), Type.Null()]);
const Time = () => Type.String({ format: 'date-time' });
const OptionalText = (maxLength: number) =>
  Type.Optional(Type.Union([Type.String({ maxLength, [X_ERROR]: 'validation.too_long' }), Type.Null()]));
const ImageFile = () =>
  Type.Optional(
    Type.Union([
      Type.String({
        maxLength: 300,
        pattern: '^[A-Za-z0-9._-]+$',
        description: "a file name media's `qr` upload returned (read at /api/qr/{file})",
        [X_ERROR]: { maxLength: 'validation.too_long', pattern: 'validation.format' },
      }),
      Type.Null(),
    ]),
  );
const GroupUrl = () =>
  Type.String({
    minLength: 1,
    maxLength: 500,
    pattern: '^[Hh][Tt][Tt][Pp][Ss]://[^\\s]+$',
    description: 'the group’s https invitation link',
    [X_ERROR]: {
      minLength: 'validation.required',
      maxLength: 'validation.too_long',
      pattern: 'validation.https_url',
    },
  });

// ---------- member groups (staff) ----------

export const MemberGroupStaff = Type.Object(
  {
    id: Uuid(),
    courseId: Uuid(),
    type: MemberGroupTypeSchema,
    name: Type.String(),
    url: Type.String(),
    qr: ReadText(),
    qrManual: ReadText(),
    hidden: YesNoSchema,
    condition: YesNoSchema,
    conditionValue: ReadText(),
    conditionText: ReadText(),
    createdBy: ReadText(),
    createdAt: Time(),
    updatedAt: Time(),
  },
  { $id: 'MemberGroupStaff' },
);
export type MemberGroupStaff = Static<typeof MemberGroupStaff>;

export const MemberGroupCreateBody = Type.Object({
  courseId: Uuid(),
  type: Type.Optional(MemberGroupTypeSchema),
  name: RequiredText(200),
  url: GroupUrl(),
  qr: ImageFile(),
  qrManual: ImageFile(),
  hidden: Type.Optional(YesNoSchema),
  condition: Type.Optional(YesNoSchema),
  conditionValue: OptionalText(200),
  conditionText: OptionalText(2000),
});
export type MemberGroupCreateBody = Static<typeof MemberGroupCreateBody>;
export const MemberGroupUpdateBody = Type.Partial(Type.Omit(MemberGroupCreateBody, ['courseId']));
export type MemberGroupUpdateBody = Static<typeof MemberGroupUpdateBody>;

export const MEMBER_GROUP_SORTS = ['name', '-name', 'createdAt', '-createdAt'] as const;
export const MemberGroupAdminQuery = AdminListQuery(
  MEMBER_GROUP_SORTS,
  '-createdAt',
  { courseId: Type.Optional(Uuid()), type: Type.Optional(MemberGroupTypeSchema) },
  { search: 'matches the name or the link' },
);
export type MemberGroupAdminQuery = Static<typeof MemberGroupAdminQuery>;
export const MemberGroupsPage = Page(MemberGroupStaff);
export type MemberGroupsPage = Static<typeof MemberGroupsPage>;

// ---------- the member's side ----------

/** The member's own request to join a group. */
export const GroupRequestMine = Type.Object({
  id: Uuid(),
  status: GroupRequestStatusSchema,
  code: ReadText(),
  requestedAt: Time(),
  approvedAt: Type.Union([Time(), Type.Null()]),
});
export type GroupRequestMine = Static<typeof GroupRequestMine>;

/** A group of the member's course as the member sees it (never a hidden one). */
export const MemberGroupMember = Type.Object({
  id: Uuid(),
  type: MemberGroupTypeSchema,
  name: Type.String(),
  url: Type.String(),
  qr: ReadText(),
  qrManual: ReadText(),
  condition: YesNoSchema,
  conditionText: ReadText(),
  request: Type.Union([GroupRequestMine, Type.Null()]),
});
export type MemberGroupMember = Static<typeof MemberGroupMember>;

/** Spec 01 §7 memberGroup ByCoursesIdAndUser: the course's groups with the member's requests. */
export const MemberGroupList = Type.Object({
  courseId: Type.Union([Uuid(), Type.Null()]),
  /** the course code the LINE dialog's code starts with (course code + nickname) */
  courseCode: ReadText(),
  items: Type.Array(MemberGroupMember),
});
export type MemberGroupList = Static<typeof MemberGroupList>;

export const MemberGroupListQuery = Type.Object({ courseId: Type.Optional(Uuid()) });
export type MemberGroupListQuery = Static<typeof MemberGroupListQuery>;

// ---------- join requests (staff) ----------

export const GroupRequestStaff = Type.Object(
  {
    id: Uuid(),
    groupId: Uuid(),
    groupName: Type.String(),
    groupType: MemberGroupTypeSchema,
    courseId: Uuid(),
    userId: Type.String(),
    status: GroupRequestStatusSchema,
    code: ReadText(),
    note: ReadText(),
    approvedBy: ReadText(),
    approvedAt: Type.Union([Time(), Type.Null()]),
    requestedAt: Time(),
  },
  { $id: 'GroupRequestStaff' },
);
export type GroupRequestStaff = Static<typeof GroupRequestStaff>;

export const GROUP_REQUEST_SORTS = ['requestedAt', '-requestedAt', 'code', '-code'] as const;
export const GroupRequestAdminQuery = AdminListQuery(GROUP_REQUEST_SORTS, '-requestedAt', {
  groupId: Type.Optional(Uuid()),
  courseId: Type.Optional(Uuid()),
  status: Type.Optional(GroupRequestStatusSchema),
  userId: Type.Optional(Type.String({ maxLength: 64 })),
});
export type GroupRequestAdminQuery = Static<typeof GroupRequestAdminQuery>;
export const GroupRequestsPage = Page(GroupRequestStaff);
export type GroupRequestsPage = Static<typeof GroupRequestsPage>;

export const GroupRequestApproveBody = Type.Object({ note: OptionalText(1000) });
export type GroupRequestApproveBody = Static<typeof GroupRequestApproveBody>;

/** Staff add a member to a group themselves (memberGroupUser create): approved at once. */
export const GroupRequestCreateBody = Type.Object({
  groupId: Uuid(),
  userId: Type.String({ minLength: 1, maxLength: 64 }),
  note: OptionalText(1000),
});
export type GroupRequestCreateBody = Static<typeof GroupRequestCreateBody>;

/** Gennarate: codes for a group's requests that have none. */
export const GroupCodesBody = Type.Object({ groupId: Uuid() });
export type GroupCodesBody = Static<typeof GroupCodesBody>;
export const GroupCodesResult = Type.Object({ generated: Type.Integer() });
export type GroupCodesResult = Static<typeof GroupCodesResult>;

/** /admin/memberGroupUserNone: enrolments of a course with no request in any of its groups. */
export const UngroupedQuery = Type.Object({
  courseId: Uuid(),
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});
export type UngroupedQuery = Static<typeof UngroupedQuery>;
export const UngroupedMember = Type.Object({
  enrolmentId: Uuid(),
  userId: Type.String(),
  code: ReadText(),
  line: YesNoSchema,
  facebook: YesNoSchema,
  start: ReadText(),
});
export type UngroupedMember = Static<typeof UngroupedMember>;
export const UngroupedPage = Page(UngroupedMember);
export type UngroupedPage = Static<typeof UngroupedPage>;

// ---------- events ----------

/** A group as other services keep it (catalog checks a product's groups against these). */
export const MemberGroupRecord = Type.Object({
  id: Uuid(),
  courseId: Uuid(),
  type: MemberGroupTypeSchema,
  name: Type.String(),
  hidden: YesNoSchema,
  changedAt: Time(),
});
export type MemberGroupRecord = Static<typeof MemberGroupRecord>;

export const MemberGroupChanged = defineEvent('learning.member-group.changed', 1, MemberGroupRecord);
export const MemberGroupDeleted = defineEvent(
  'learning.member-group.deleted',
  1,
  Type.Object({ id: Uuid(), courseId: Uuid(), deletedAt: Time() }),
);

/** Staff approved a member into a group: notifications sends ConfirmGroup. */
export const GroupRequestApproved = defineEvent(
  'learning.group-request.approved',
  1,
  Type.Object({
    id: Uuid(),
    userId: Type.String(),
    groupId: Uuid(),
    groupType: MemberGroupTypeSchema,
    groupName: Type.String(),
    groupUrl: Type.String(),
    courseId: Uuid(),
    courseTitle: Type.String(),
    code: ReadText(),
    note: ReadText(),
    approvedBy: Type.String(),
    approvedAt: Time(),
  }),
);
export type GroupRequestApproved = Static<typeof GroupRequestApproved.schema>;

export const LEARNING_GROUP_EVENTS = [MemberGroupChanged, MemberGroupDeleted, GroupRequestApproved] as const;
