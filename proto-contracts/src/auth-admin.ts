import { Type, type Static } from '@sinclair/typebox';
import { Page, Password, Phone, RequiredText, Uuid } from './common.js';
import { defineEvent } from './envelope.js';
import { MembershipCodeSchema, StaffRoleSchema, UserStatusSchema } from './enums.js';
import { X_ERROR } from './errors.js';
import { UserView } from './auth.js';
import { AddressView } from './addresses.js';

// ---------- users in the back office (/admin/user), staff only ----------

export const ADMIN_USER_SORTS = [
  '-createdAt',
  'createdAt',
  'email',
  '-email',
  'memberCode',
  '-memberCode',
  'lastName',
  '-lastName',
] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

export const AdminUserListQuery = Type.Object({
  q: Type.Optional(
    Type.String({
      maxLength: 100,
      description: 'matches e-mail, first/last name, nickname, phone, member code',
    }),
  ),
  status: Type.Optional(UserStatusSchema),
  membershipCode: Type.Optional(MembershipCodeSchema),
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  sort: Type.Union(
    ADMIN_USER_SORTS.map((s) => Type.Literal(s)),
    { default: '-createdAt', description: 'a leading "-" sorts descending' },
  ),
});
export type AdminUserListQuery = Static<typeof AdminUserListQuery>;

export const AdminUserPage = Page(UserView);

export const AdminUserDetail = Type.Object({ user: UserView, addresses: Type.Array(AddressView) });

/** Only the fields given change; each change is recorded (GET /admin/users/:id/changes). */
export const AdminUserPatchBody = Type.Object(
  {
    status: Type.Optional(UserStatusSchema),
    membershipCodes: Type.Optional(Type.Array(MembershipCodeSchema, { uniqueItems: true, maxItems: 20 })),
    firstName: Type.Optional(RequiredText(100)),
    lastName: Type.Optional(RequiredText(100)),
    nickname: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    phone: Type.Optional(Phone()),
  },
  { minProperties: 1 },
);
export type AdminUserPatchBody = Static<typeof AdminUserPatchBody>;

export const AdminUserReply = Type.Object({ user: UserView });

export const USER_CHANGE_FIELDS = [
  'status',
  'membershipCodes',
  'firstName',
  'lastName',
  'nickname',
  'phone',
] as const;
export type UserChangeField = (typeof USER_CHANGE_FIELDS)[number];

const ChangedValue = Type.Union([Type.String(), Type.Array(Type.String()), Type.Null()]);
export type ChangedValue = Static<typeof ChangedValue>;

/** Who changed a user: staff, the member themself, or the system reacting to an event (a paid order). */
export const CHANGE_ACTOR_KINDS = ['staff', 'user', 'system'] as const;
export type ChangeActorKind = (typeof CHANGE_ACTOR_KINDS)[number];

/** One recorded change of one field of a user: who, when, before, after. */
export const UserChangeView = Type.Object({
  id: Uuid(),
  userId: Uuid(),
  field: Type.Union(USER_CHANGE_FIELDS.map((f) => Type.Literal(f))),
  before: ChangedValue,
  after: ChangedValue,
  changedBy: Type.Object({
    id: Type.String({
      description:
        'the staff member (or the member, for their own profile; `system:<service>` for a change an event caused)',
    }),
    kind: Type.Union(CHANGE_ACTOR_KINDS.map((k) => Type.Literal(k))),
    name: Type.Union([Type.String(), Type.Null()], {
      description: 'staff username / member e-mail then; for system: what caused it (e.g. the paid order)',
    }),
  }),
  changedAt: Type.String({ format: 'date-time' }),
});
export type UserChangeView = Static<typeof UserChangeView>;

export const UserChangesQuery = Type.Object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});
export const UserChangePage = Page(UserChangeView);

// ---------- profile (member) ----------

export const ProfilePatchBody = Type.Object(
  {
    nickname: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    phone: Type.Optional(Phone()),
  },
  { minProperties: 1 },
);
export type ProfilePatchBody = Static<typeof ProfilePatchBody>;

// ---------- personnel (/admin/personnel), admin only ----------

export const Username = () =>
  Type.String({
    minLength: 1,
    maxLength: 100,
    pattern: '^\\S+$',
    [X_ERROR]: {
      minLength: 'validation.required',
      maxLength: 'validation.too_long',
      pattern: 'validation.format',
    },
    description: 'no spaces',
  });

/** What the back office sees of a staff account; the password never leaves the server. */
export const PersonnelView = Type.Object({
  id: Uuid(),
  username: Type.String(),
  name: Type.String(),
  lastName: Type.Union([Type.String(), Type.Null()]),
  nickname: Type.Union([Type.String(), Type.Null()]),
  tel: Type.Union([Type.String(), Type.Null()]),
  position: Type.Union([Type.String(), Type.Null()]),
  role: StaffRoleSchema,
  disabled: Type.Boolean({
    description: 'true once deleted (soft delete); a disabled account cannot log in',
  }),
  createdAt: Type.String({ format: 'date-time' }),
});
export type PersonnelView = Static<typeof PersonnelView>;

const optionalText = () => Type.Optional(Type.String({ maxLength: 100 }));
const optionalTel = () =>
  Type.Optional(
    Type.String({ maxLength: 10, pattern: '^([0-9]{10})?$', [X_ERROR]: 'validation.phone_length' }),
  );

export const PersonnelCreateBody = Type.Object({
  username: Username(),
  password: Password(),
  name: RequiredText(100),
  lastName: optionalText(),
  nickname: optionalText(),
  tel: optionalTel(),
  position: optionalText(),
  role: StaffRoleSchema,
});
export type PersonnelCreateBody = Static<typeof PersonnelCreateBody>;

/** PUT replaces the account: optional texts left out are cleared; the password changes only when given. */
export const PersonnelUpdateBody = Type.Object({
  username: Username(),
  password: Type.Optional(Password()),
  name: RequiredText(100),
  lastName: optionalText(),
  nickname: optionalText(),
  tel: optionalTel(),
  position: optionalText(),
  role: StaffRoleSchema,
  disabled: Type.Optional(
    Type.Boolean({ description: 'false re-enables a deleted account; left out = unchanged' }),
  ),
});
export type PersonnelUpdateBody = Static<typeof PersonnelUpdateBody>;

export const PersonnelListQuery = Type.Object({
  q: Type.Optional(
    Type.String({ maxLength: 100, description: 'matches username, names, nickname, position' }),
  ),
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});
export type PersonnelListQuery = Static<typeof PersonnelListQuery>;
export const PersonnelPage = Page(PersonnelView);

// ---------- events ----------

/** A user's status changed (staff in the back office, or a paid order: system:orders): New / Wait / Premium. */
export const UserStatusChanged = defineEvent(
  'auth.user.status-changed',
  1,
  Type.Object({
    userId: Uuid(),
    from: UserStatusSchema,
    to: UserStatusSchema,
    changedBy: Type.String({
      description: 'id of the staff member who changed it, or `system:<service>` (e.g. system:orders)',
    }),
    changedAt: Type.String({ format: 'date-time' }),
  }),
);

/** A user's membership codes changed; `membershipCodes` is the whole new list. */
export const UserMembershipChanged = defineEvent(
  'auth.user.membership-changed',
  1,
  Type.Object({
    userId: Uuid(),
    membershipCodes: Type.Array(MembershipCodeSchema),
    changedBy: Type.String({
      description: 'id of the staff member who changed it, or `system:<service>` (e.g. system:orders)',
    }),
    changedAt: Type.String({ format: 'date-time' }),
  }),
);
