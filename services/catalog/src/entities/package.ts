import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { YesNo } from '@rian/proto-contracts/enums';

/**
 * A package (spec 02 §3 Package): a bundle staff prepare and turn into a sellable product
 * (`POST /admin/packages/:id/create-product`). The chat tokens are secrets, never read back.
 */
export const Package = defineEntity({
  name: 'Package',
  tableName: 'packages',
  properties: {
    id: p.uuid().primary(),
    url: p.string().length(120).unique(),
    title: p.string().length(200),
    subtitle: p.string().length(300).nullable(),
    detail: p.text().nullable(),
    start: p.date().fieldName('start_date').nullable(),
    to: p.date().fieldName('to_date').nullable(),
    price: p.bigint('number'),
    priceUnchanged: p.bigint('number').nullable(),
    img: p.string().length(300).nullable(),
    imgCourse: p.string().length(300).nullable(),
    imgSlide: p.string().length(300).nullable(),
    format: p.string().length(16),
    status: p.string().length(40),
    disable: p.string().$type<YesNo>().length(1),
    book: p.string().$type<YesNo>().length(1),
    priceList: p.string().$type<YesNo>().length(1),
    lineToken: p.string().length(300).nullable(),
    telegramToken: p.string().length(300).nullable(),
    revision: p.integer(),
    createdBy: p.string().length(64).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type PackageEntity = InferEntity<typeof Package>;
