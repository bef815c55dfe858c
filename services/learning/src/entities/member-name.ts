import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * The name a member shows under a live comment, from `auth.user.registered`: the nickname, else
 * the first name and the last name's initial (never the e-mail or the full surname).
 */
export const MemberName = defineEntity({
  name: 'MemberName',
  tableName: 'member_names',
  properties: {
    userId: p.string().length(64).primary(),
    name: p.string().length(100),
    /** the names the course terms are written with (migration 0013; null for members heard of before) */
    firstName: p.string().length(100).nullable(),
    lastName: p.string().length(100).nullable(),
    changedAt: p.datetime(),
  },
});
export type MemberNameEntity = InferEntity<typeof MemberName>;
