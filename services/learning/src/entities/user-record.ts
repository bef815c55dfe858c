import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

const seconds = () => p.double().$type<number>().runtimeType('number');

/** Spec 01 §3 UserDetail: a member's own viewing note of a video. */
export const UserDetail = defineEntity({
  name: 'UserDetail',
  tableName: 'user_details',
  properties: {
    id: p.uuid().primary().fieldName('user_detail_id'),
    userId: p.string().length(64),
    videoId: p.uuid(),
    timeStart: seconds(),
    timeEnd: seconds(),
    timeTotal: seconds(),
    event: p.string().length(40).nullable(),
    createdAt: p.datetime(),
  },
});
export type UserDetailEntity = InferEntity<typeof UserDetail>;

/** Spec 01 §3 UserPort: a member's portfolio figure of a year. */
export const UserPort = defineEntity({
  name: 'UserPort',
  tableName: 'user_ports',
  properties: {
    id: p.uuid().primary().fieldName('user_port_id'),
    userId: p.string().length(64),
    value: p.double().$type<number>().runtimeType('number'),
    style: p.string().length(100).nullable(),
    note: p.string().length(1000).nullable(),
    year: p.integer(),
    createdAt: p.datetime(),
  },
});
export type UserPortEntity = InferEntity<typeof UserPort>;
