import { defineEntity, p } from '@mikro-orm/core';
import type { Locale, MembershipCode, UserStatus } from '@rian/proto-contracts/enums';

/** A member (spec 01 §3 User). E-mail is stored lower-cased and unique. */
export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.uuid().primary(),
    email: p.string().length(254).unique(),
    passwordHash: p.string(),
    firstName: p.string().length(100),
    lastName: p.string().length(100),
    nickname: p.string().length(100).nullable(),
    phone: p.string().length(20),
    status: p.string().$type<UserStatus>().default('New'),
    memberCode: p.string().length(20).unique(),
    membershipCodes: p.json<MembershipCode[]>(),
    /** the linked Facebook account (spec 01 §4 social login); its access token is never kept */
    facebookId: p.string().length(64).nullable().unique(),
    facebookName: p.string().length(200).nullable(),
    facebookPictureUrl: p.text().nullable(),
    /** the linked LINE account (LINE Login, issue 20): its user id (`sub`), name and when (D150) */
    lineUserId: p.string().length(64).nullable().unique(),
    lineDisplayName: p.string().length(200).nullable(),
    lineLinkedAt: p.datetime().nullable(),
    /** the language e-mails to the member are written in (the SPA's, at registration and on each switch) */
    locale: p.string().$type<Locale>().length(2).default('th'),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
