import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export type TombstoneKind = 'product' | 'installment-plan';

/**
 * A catalog record known to be deleted. Catalog never reuses an id, so a `changed` event of it
 * that arrives after the `deleted` one is late and must not bring it back.
 */
export const CatalogTombstone = defineEntity({
  name: 'CatalogTombstone',
  tableName: 'catalog_tombstones',
  properties: {
    kind: p.string().$type<TombstoneKind>().length(32).primary(),
    id: p.uuid().primary(),
    deletedAt: p.datetime(),
  },
});
export type CatalogTombstoneEntity = InferEntity<typeof CatalogTombstone>;
