import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { BookDeliveryState } from '@rian/proto-contracts/bookings';
import type { BookSend } from '../domain/book-delivery-states.js';

/**
 * A paid order's book delivery (spec 02 §3 book-delivery record, D97): the member's address (phone
 * sealed, kit secret-box) and orders' dispatch flag and tracking as last heard.
 */
export const BookDelivery = defineEntity({
  name: 'BookDelivery',
  tableName: 'book_deliveries',
  properties: {
    orderId: p.uuid().primary(),
    orderNo: p.integer(),
    userId: p.string().length(64),
    productId: p.uuid(),
    productTitle: p.text(),
    courseIds: p.json<string[]>(),
    state: p.string().$type<BookDeliveryState>().length(16),
    fullname: p.string().length(200).nullable(),
    telSealed: p.text().nullable(),
    address: p.text().nullable(),
    provinceId: p.integer().nullable(),
    provinceName: p.text().nullable(),
    districtId: p.integer().nullable(),
    districtName: p.text().nullable(),
    subDistrictId: p.integer().nullable(),
    subDistrictName: p.text().nullable(),
    zip: p.string().length(5).nullable(),
    note: p.text().nullable(),
    requestedAt: p.datetime().nullable(),
    bookSend: p.string().$type<BookSend>().length(1),
    tracking: p.string().length(100).nullable(),
    dispatchedAt: p.datetime().nullable(),
    dispatchChangedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type BookDeliveryEntity = InferEntity<typeof BookDelivery>;
