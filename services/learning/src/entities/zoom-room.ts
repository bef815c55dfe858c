import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A Zoom room (spec 02 §3 "Zoom"); the passcode is kept sealed (kit/secret-box, LEARNING_SECRET_KEY). */
export const ZoomRoom = defineEntity({
  name: 'ZoomRoom',
  tableName: 'zoom_rooms',
  properties: {
    id: p.uuid().primary().fieldName('zoom_room_id'),
    title: p.string().length(200),
    url: p.string().length(500),
    meetingId: p.string().length(20).nullable(),
    passcodeSealed: p.text().nullable(),
    createdBy: p.string().length(64).nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type ZoomRoomEntity = InferEntity<typeof ZoomRoom>;
