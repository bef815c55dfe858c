import { defineEntity, p } from '@mikro-orm/core';

/**
 * One refresh token (only its SHA-256 is kept). Tokens of one sign-in form a family; rotation
 * replaces a token by the next, and presenting a replaced token again revokes the whole family.
 */
export const RefreshToken = defineEntity({
  name: 'RefreshToken',
  tableName: 'refresh_tokens',
  properties: {
    id: p.uuid().primary(),
    family: p.uuid().index(),
    subjectId: p.uuid().index(),
    subjectKind: p.string().$type<'user' | 'staff'>(),
    tokenHash: p.string().length(64).unique(),
    expiresAt: p.datetime(),
    createdAt: p.datetime().onCreate(() => new Date()),
    replacedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
  },
});
