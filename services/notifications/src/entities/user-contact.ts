import { defineEntity, p } from '@mikro-orm/core';

/** Where a user is reached: kept from auth.user.registered and orders.order.paid. */
export const UserContact = defineEntity({
  name: 'UserContact',
  tableName: 'user_contacts',
  properties: {
    userId: p.string().primary().length(64),
    email: p.string().length(254),
    updatedAt: p.datetime(),
  },
});
