import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { YesNo } from '@rian/proto-contracts/enums';
import type { BookingStatus } from '@rian/proto-contracts/bookings';

/** A booking made with a key (spec 02 §3 Booking); the phone is sealed (kit secret-box). */
export const Booking = defineEntity({
  name: 'Booking',
  tableName: 'bookings',
  properties: {
    id: p.uuid().primary().fieldName('booking_id'),
    keyId: p.uuid(),
    keyCode: p.string().length(40),
    productId: p.uuid(),
    userId: p.string().length(64).nullable(),
    name: p.string().length(100),
    lname: p.string().length(100),
    email: p.string().length(254),
    telSealed: p.text(),
    address: p.text(),
    provinceId: p.integer(),
    provinceName: p.text(),
    districtId: p.integer(),
    districtName: p.text(),
    subDistrictId: p.integer(),
    subDistrictName: p.text(),
    zip: p.string().length(5),
    note: p.text().nullable(),
    slipId: p.uuid().nullable(),
    amount: p.bigint('number').nullable(),
    paymentDate: p.date().nullable(),
    paymentTime: p.string().length(5).nullable(),
    quantity: p.integer(),
    status: p.string().$type<BookingStatus>().length(8),
    confirm: p.string().$type<YesNo>().length(1),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type BookingEntity = InferEntity<typeof Booking>;
