import { Type, type Static } from '@sinclair/typebox';
import { RequiredText, Satang, Uuid } from './common.js';
import { defineEvent } from './envelope.js';
import { YesNoSchema } from './enums.js';

/**
 * Product (spec 02 §3). JSON names are camelCase; docs/api-map.md maps them to the spec's
 * snake_case names (product_url → url, price_unchanged → priceUnchanged, img_coures → imgCourse...).
 * Channel tokens (token, token_telegram) are secrets: written by staff, never read back.
 */
const DateOnly = () => Type.String({ format: 'date', description: 'yyyy-mm-dd (Asia/Bangkok day)' });
const NullableDate = () => Type.Union([DateOnly(), Type.Null()]);
const NullableText = (maxLength = 500) => Type.Union([Type.String({ maxLength }), Type.Null()]);

export const ProductFormatSchema = Type.Union([
  Type.Literal('online'),
  Type.Literal('offline'),
  Type.Literal('hybrid'),
]);

const productWritable = {
  url: Type.String({
    minLength: 1,
    maxLength: 120,
    pattern: '^[A-Za-z0-9][A-Za-z0-9_-]*$',
    description: 'product_url: the public address /product/{url}',
    'x-error': {
      minLength: 'validation.required',
      maxLength: 'validation.too_long',
      pattern: 'validation.format',
    },
  }),
  title: RequiredText(200),
  subtitle: Type.Optional(NullableText(300)),
  detail: Type.Optional(NullableText(20_000)),
  start: Type.Optional(NullableDate()),
  to: Type.Optional(NullableDate()),
  price: Satang(),
  priceUnchanged: Type.Optional(Type.Union([Satang(), Type.Null()])),
  img: Type.Optional(NullableText(300)),
  imgCourse: Type.Optional(NullableText(300)),
  imgSlide: Type.Optional(NullableText(300)),
  year: Type.Optional(Type.Union([Type.Integer({ minimum: 2000, maximum: 2200 }), Type.Null()])),
  format: Type.Optional(ProductFormatSchema),
  // Defaults are applied by catalog, not by a schema `default`: Fastify's AJV would fill one into
  // every partial update (ProductUpdateBody) and silently reset the field.
  type: Type.Optional(Type.String({ maxLength: 40, description: 'default product' })),
  status: Type.Optional(Type.String({ maxLength: 40, description: 'default coming' })),
  disable: Type.Optional(YesNoSchema),
  book: Type.Optional(YesNoSchema),
  priceList: Type.Optional(YesNoSchema),
  coinPay: Type.Optional(YesNoSchema),
};

export const ProductPublic = Type.Object(
  {
    id: Uuid(),
    url: Type.String(),
    title: Type.String(),
    subtitle: Type.Union([Type.String(), Type.Null()]),
    detail: Type.Union([Type.String(), Type.Null()]),
    start: NullableDate(),
    to: NullableDate(),
    price: Satang(),
    priceUnchanged: Type.Union([Satang(), Type.Null()]),
    img: Type.Union([Type.String(), Type.Null()]),
    imgCourse: Type.Union([Type.String(), Type.Null()]),
    imgSlide: Type.Union([Type.String(), Type.Null()]),
    year: Type.Union([Type.Integer(), Type.Null()]),
    format: Type.String(),
    type: Type.String(),
    status: Type.String(),
    book: YesNoSchema,
    priceList: YesNoSchema,
    coinPay: YesNoSchema,
  },
  { $id: 'ProductPublic' },
);
export type ProductPublic = Static<typeof ProductPublic>;

export const ProductStaff = Type.Composite(
  [
    ProductPublic,
    Type.Object({
      code: Type.Union([Type.String(), Type.Null()]),
      coursesId: Type.Union([Type.String(), Type.Null()]),
      disable: YesNoSchema,
      hasLineToken: Type.Boolean(),
      hasTelegramToken: Type.Boolean(),
      createdAt: Type.String({ format: 'date-time' }),
      updatedAt: Type.String({ format: 'date-time' }),
      createdBy: Type.Union([Type.String(), Type.Null()]),
    }),
  ],
  { $id: 'ProductStaff' },
);
export type ProductStaff = Static<typeof ProductStaff>;

export const ProductCreateBody = Type.Object({
  ...productWritable,
  code: Type.Optional(NullableText(40)),
  coursesId: Type.Optional(NullableText(64)),
  lineToken: Type.Optional(NullableText(300)),
  telegramToken: Type.Optional(NullableText(300)),
});
export type ProductCreateBody = Static<typeof ProductCreateBody>;
export const ProductUpdateBody = Type.Partial(ProductCreateBody);
export type ProductUpdateBody = Static<typeof ProductUpdateBody>;

/** List orders of products and packages: a field, `-` first for descending. */
export const PRODUCT_SORTS = [
  '-createdAt',
  'createdAt',
  'title',
  '-title',
  'url',
  '-url',
  'price',
  '-price',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const ProductSortSchema = Type.Union(PRODUCT_SORTS.map((s) => Type.Literal(s)));

export const ProductListQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100, description: 'matches title, subtitle or url' })),
  sort: Type.Optional(ProductSortSchema),
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});

// ---------- events ----------

export const ProductChanged = defineEvent(
  'catalog.product.changed',
  1,
  Type.Object({
    productId: Uuid(),
    url: Type.String(),
    title: Type.String(),
    price: Satang(),
    disable: YesNoSchema,
    book: YesNoSchema,
    coinPay: YesNoSchema,
    coursesId: Type.Union([Type.String(), Type.Null()]),
    hasLineToken: Type.Boolean(),
    hasTelegramToken: Type.Boolean(),
    changedAt: Type.String({ format: 'date-time' }),
  }),
);

export const ProductDeleted = defineEvent(
  'catalog.product.deleted',
  1,
  Type.Object({ productId: Uuid(), url: Type.String(), deletedAt: Type.String({ format: 'date-time' }) }),
);

/**
 * Where staff chat about a product goes (spec 02 §7: the product's own channel), for notifications
 * only (D25). Emitted when a product is created with, or changes, its `lineToken` / `telegramToken`,
 * and when it is deleted (both null). The values are the product's LINE target (group/room/user id)
 * and Telegram chat id, pushed to by notifications' own bot; they are kept out of
 * `catalog.product.changed`, which every service reads. Newest `changedAt` (then event id) wins.
 */
export const ProductChatChannelsChanged = defineEvent(
  'catalog.product.chat-channels-changed',
  1,
  Type.Object({
    productId: Uuid(),
    lineTo: Type.Union([Type.String({ minLength: 1, maxLength: 300 }), Type.Null()]),
    telegramChatId: Type.Union([Type.String({ minLength: 1, maxLength: 300 }), Type.Null()]),
    changedAt: Type.String({ format: 'date-time' }),
  }),
);
