import type {
  ProductChanged,
  ProductChatChannelsChanged,
  ProductPublic,
  ProductStaff,
} from '@rian/proto-contracts/catalog';
import type { EventData } from '@rian/proto-contracts/envelope';
import type { ProductFields } from './product-rules.js';

/** A product as read back: the ORM may leave a null column undefined. */
export type ProductRecord = {
  [K in keyof ProductFields]: null extends ProductFields[K] ? ProductFields[K] | undefined : ProductFields[K];
} & {
  id: string;
  createdBy?: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** The writable fields of a stored product, with every absent value as null. */
export function storedFields(p: ProductRecord): ProductFields {
  return {
    url: p.url,
    title: p.title,
    subtitle: p.subtitle ?? null,
    detail: p.detail ?? null,
    start: p.start ?? null,
    to: p.to ?? null,
    price: p.price,
    priceUnchanged: p.priceUnchanged ?? null,
    img: p.img ?? null,
    imgCourse: p.imgCourse ?? null,
    imgSlide: p.imgSlide ?? null,
    code: p.code ?? null,
    coursesId: p.coursesId ?? null,
    year: p.year ?? null,
    format: p.format,
    type: p.type,
    status: p.status,
    disable: p.disable,
    book: p.book,
    priceList: p.priceList,
    coinPay: p.coinPay,
    lineToken: p.lineToken ?? null,
    telegramToken: p.telegramToken ?? null,
  };
}

/** What anyone may read: no code, no course link, no disable flag, no secrets. */
export function publicView(record: ProductRecord): ProductPublic {
  const p = storedFields(record);
  return {
    id: record.id,
    url: p.url,
    title: p.title,
    subtitle: p.subtitle,
    detail: p.detail,
    start: p.start,
    to: p.to,
    price: p.price,
    priceUnchanged: p.priceUnchanged,
    img: p.img,
    imgCourse: p.imgCourse,
    imgSlide: p.imgSlide,
    year: p.year,
    format: p.format,
    type: p.type,
    status: p.status,
    book: p.book,
    priceList: p.priceList,
    coinPay: p.coinPay,
  };
}

/** What staff read: everything but the chat tokens themselves (only whether they are set). */
export function staffView(record: ProductRecord): ProductStaff {
  const p = storedFields(record);
  return {
    ...publicView(record),
    code: p.code,
    coursesId: p.coursesId,
    disable: p.disable,
    hasLineToken: p.lineToken !== null,
    hasTelegramToken: p.telegramToken !== null,
    createdBy: record.createdBy ?? null,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

export function productChangedData(record: ProductRecord): EventData<typeof ProductChanged> {
  const p = storedFields(record);
  return {
    productId: record.id,
    url: p.url,
    title: p.title,
    price: p.price,
    disable: p.disable,
    book: p.book,
    coinPay: p.coinPay,
    coursesId: p.coursesId,
    hasLineToken: p.lineToken !== null,
    hasTelegramToken: p.telegramToken !== null,
    changedAt: record.updatedAt.toISOString(),
  };
}

/**
 * The product's own chat channel for notifications (D25): the LINE target and Telegram chat id
 * staff gave as `lineToken` / `telegramToken`. Only for `catalog.product.chat-channels-changed`.
 */
export function chatChannelsData(record: ProductRecord): EventData<typeof ProductChatChannelsChanged> {
  const p = storedFields(record);
  return {
    productId: record.id,
    lineTo: p.lineToken,
    telegramChatId: p.telegramToken,
    changedAt: record.updatedAt.toISOString(),
  };
}
