import { defineEntity, p } from '@mikro-orm/core';

/** Where a user is reached, and in which language: kept from auth's events and orders.order.paid. */
export const UserContact = defineEntity({
  name: 'UserContact',
  tableName: 'user_contacts',
  properties: {
    userId: p.string().primary().length(64),
    email: p.string().length(254),
    locale: p.string().length(2).nullable(),
    localeChangedAt: p.datetime().nullable(),
    updatedAt: p.datetime(),
  },
});
