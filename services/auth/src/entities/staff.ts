import { defineEntity, p } from '@mikro-orm/core';
import type { StaffRole } from '@rian/proto-contracts/enums';

/** Personnel (spec 02 §3): back-office accounts, role admin or staff. */
export const Staff = defineEntity({
  name: 'Staff',
  tableName: 'personnel',
  properties: {
    id: p.uuid().primary(),
    username: p.string().length(100).unique(),
    passwordHash: p.string(),
    name: p.string().length(100),
    lastName: p.string().length(100).nullable(),
    /** spec 02 §3 personnel_nickname, personnel_tel, personnel_position (added by migration 0003) */
    nickname: p.string().length(100).nullable(),
    tel: p.string().length(10).nullable(),
    position: p.string().length(100).nullable(),
    role: p.string().$type<StaffRole>().default('staff'),
    disabled: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
