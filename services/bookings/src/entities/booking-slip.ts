import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A transfer slip uploaded with a key; the image is in the private slip store until claimed or swept. */
export const BookingSlip = defineEntity({
  name: 'BookingSlip',
  tableName: 'booking_slips',
  properties: {
    id: p.uuid().primary().fieldName('slip_id'),
    keyId: p.uuid(),
    fileName: p.string().length(64),
    contentType: p.string().length(32),
    bytes: p.integer(),
    bookingId: p.uuid().nullable(),
    createdAt: p.datetime(),
  },
});
export type BookingSlipEntity = InferEntity<typeof BookingSlip>;
