import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { GroupRequestStatus, MemberGroupType } from '@rian/proto-contracts/learning-groups';
import type { YesNo } from '@rian/proto-contracts/enums';

/** A course's chat group (spec 02 §3 "Member group"): a Facebook group or a LINE group. */
export const MemberGroup = defineEntity({
  name: 'MemberGroup',
  tableName: 'member_groups',
  properties: {
    id: p.uuid().primary().fieldName('member_group_id'),
    courseId: p.uuid(),
    type: p.string().$type<MemberGroupType>().length(8),
    name: p.string().length(200),
    url: p.string().length(500),
    qr: p.string().length(300).nullable(),
    qrManual: p.string().length(300).nullable(),
    hidden: p.string().$type<YesNo>().length(1),
    condition: p.string().$type<YesNo>().length(1),
    conditionValue: p.string().length(200).nullable(),
    conditionText: p.text().nullable(),
    createdBy: p.string().length(64).nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type MemberGroupEntity = InferEntity<typeof MemberGroup>;

/** A member's request to join a group (spec 02 §3 "Member group user"); one per member and group. */
export const MemberGroupUser = defineEntity({
  name: 'MemberGroupUser',
  tableName: 'member_group_users',
  properties: {
    id: p.uuid().primary().fieldName('member_group_user_id'),
    groupId: p.uuid().fieldName('member_group_id'),
    userId: p.string().length(64),
    status: p.string().$type<GroupRequestStatus>().length(10),
    code: p.string().length(60).nullable(),
    note: p.text().nullable(),
    approvedBy: p.string().length(64).nullable(),
    approvedAt: p.datetime().nullable(),
    requestedAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type MemberGroupUserEntity = InferEntity<typeof MemberGroupUser>;
