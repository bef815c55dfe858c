import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { YesNo } from '@rian/proto-contracts/enums';

/**
 * A product on sale (spec 02 §3 Product). Money in satang (bigint: the contract allows more than
 * an int4 holds). `url` is product_url, unique and case-sensitive. The chat tokens are secrets:
 * stored for notifications, never sent back.
 */
export const Product = defineEntity({
  name: 'Product',
  tableName: 'products',
  properties: {
    id: p.uuid().primary(),
    url: p.string().length(120).unique(),
    title: p.string().length(200),
    subtitle: p.string().length(300).nullable(),
    detail: p.text().nullable(),
    // `to` is an SQL keyword: columns get unambiguous names
    start: p.date().fieldName('start_date').nullable(),
    to: p.date().fieldName('to_date').nullable(),
    price: p.bigint('number'),
    priceUnchanged: p.bigint('number').nullable(),
    img: p.string().length(300).nullable(),
    imgCourse: p.string().length(300).nullable(),
    imgSlide: p.string().length(300).nullable(),
    code: p.string().length(40).nullable(),
    coursesId: p.string().length(64).nullable(),
    year: p.integer().nullable(),
    format: p.string().length(16),
    type: p.string().length(40),
    status: p.string().length(40),
    disable: p.string().$type<YesNo>().length(1),
    book: p.string().$type<YesNo>().length(1),
    priceList: p.string().$type<YesNo>().length(1),
    coinPay: p.string().$type<YesNo>().length(1),
    lineToken: p.string().length(300).nullable(),
    telegramToken: p.string().length(300).nullable(),
    createdBy: p.string().length(64).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    // set by the catalog on every write (no onUpdate hook): the event it emits carries the same instant
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type ProductEntity = InferEntity<typeof Product>;
