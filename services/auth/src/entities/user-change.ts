import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { ChangeActorKind, ChangedValue, UserChangeField } from '@rian/proto-contracts/auth-admin';

/** Audit trail of a user's record: one row per changed field, with who changed it and when. */
export const UserChange = defineEntity({
  name: 'UserChange',
  tableName: 'user_changes',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    field: p.string().length(32).$type<UserChangeField>(),
    before: p.json<ChangedValue>().nullable().fieldName('before_value'),
    after: p.json<ChangedValue>().nullable().fieldName('after_value'),
    changedBy: p.string().length(64),
    changedByKind: p.string().length(8).$type<ChangeActorKind>(),
    /** staff username, member e-mail or (system) what caused it, at the time: the trail reads well after renames */
    changedByName: p.string().length(254).nullable(),
    changedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type UserChangeRow = InferEntity<typeof UserChange>;
