import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A coach (spec 02 §3 Coach) shown on the home page and the product page. */
export const Coach = defineEntity({
  name: 'Coach',
  tableName: 'coaches',
  properties: {
    id: p.uuid().primary(),
    name: p.string().length(200),
    nickname: p.string().length(100).nullable(),
    detail: p.text().nullable(),
    position: p.string().length(200).nullable(),
    img: p.string().length(300).nullable(),
    pr: p.text().nullable(),
    createdBy: p.string().length(64).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    // set on every write by the catalog, so the event carries the same instant
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type CoachEntity = InferEntity<typeof Coach>;
