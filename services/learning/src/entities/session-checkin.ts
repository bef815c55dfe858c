import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { CheckinMethod } from '@rian/proto-contracts/learning-checkin';

/** One member's check-in to one on-site session (spec 01 §3 UserCheckin); unique per member and session. */
export const SessionCheckin = defineEntity({
  name: 'SessionCheckin',
  tableName: 'session_checkins',
  properties: {
    id: p.uuid().primary().fieldName('checkin_id'),
    sessionId: p.uuid(),
    courseId: p.uuid(),
    userId: p.string().length(64),
    method: p.string().$type<CheckinMethod>().length(5),
    checkedInBy: p.string().length(64).nullable(),
    checkedInAt: p.datetime(),
  },
});
export type SessionCheckinEntity = InferEntity<typeof SessionCheckin>;

/** A session's check-in secret, sealed (kit/secret-box, purpose `learning:checkin-secret`). */
export const CheckinSecret = defineEntity({
  name: 'CheckinSecret',
  tableName: 'session_checkin_secrets',
  properties: {
    sessionId: p.uuid().primary(),
    secretSealed: p.text(),
    createdAt: p.datetime(),
  },
});
export type CheckinSecretEntity = InferEntity<typeof CheckinSecret>;
