import { Type, type Static } from '@sinclair/typebox';
import { Email, Page, Satang, Uuid } from './common.js';
import { X_ERROR } from './errors.js';

/**
 * Coupons (spec 02 §3 Coupon, Coupon e-mail; §5; §7 coupon, couponEmail): the back office
 * `/admin/coupons` and the member's check before checkout. Money is integer satang.
 */

const YesNo = () => Type.Union([Type.Literal('Y'), Type.Literal('N')], { [X_ERROR]: 'validation.format' });
const Nullable = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Integer>>(t: T) =>
  Type.Union([t, Type.Null()]);

export const CouponTypeSchema = Type.Union(
  [
    Type.Literal('All'),
    Type.Literal('Price'),
    Type.Literal('Percent'),
    Type.Literal('Point'),
    Type.Literal('Pay'),
  ],
  { [X_ERROR]: 'validation.format' },
);
export const CouponProductScopeSchema = Type.Union([Type.Literal('Only'), Type.Literal('All')], {
  [X_ERROR]: 'validation.format',
});

/** A day as the form sends it: yyyy-mm-dd, or an ISO date-time (its date part is kept); "" = none. */
const DayInput = () =>
  Type.Union([Type.String({ pattern: '^(|\\d{4}-\\d{2}-\\d{2}([T ].*)?)$' }), Type.Null()], {
    [X_ERROR]: 'validation.format',
  });
/** A time H:mm, HH:mm or HH:mm:ss (kept as HH:mm); "" = none. */
const TimeInput = () =>
  Type.Union([Type.String({ pattern: '^(|\\d{1,2}:\\d{2}(:\\d{2})?)$' }), Type.Null()], {
    [X_ERROR]: 'validation.format',
  });

/** The coupon form (POST and PUT take the whole coupon). */
export const CouponInput = Type.Object(
  {
    code: Type.String({
      maxLength: 64,
      [X_ERROR]: { maxLength: 'validation.too_long', type: 'validation.required' },
    }),
    name: Type.Optional(Type.String({ maxLength: 200, [X_ERROR]: 'validation.too_long' })),
    detail: Type.Optional(Type.Union([Type.String({ maxLength: 5000 }), Type.Null()])),
    /** product_type Only: the product it is for (required then) */
    productId: Type.Optional(Type.Union([Uuid(), Type.Null()], { [X_ERROR]: 'validation.format' })),
    productScope: Type.Optional(CouponProductScopeSchema),
    type: Type.Optional(CouponTypeSchema),
    /** the value of the coupon's type; the values of the other types are cleared on save */
    price: Type.Optional(Nullable(Satang())),
    percent: Type.Optional(
      Type.Union([Type.Number({ minimum: 0, maximum: 100 }), Type.Null()], {
        [X_ERROR]: 'validation.format',
      }),
    ),
    point: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100_000_000 }))),
    pay: Type.Optional(Nullable(Satang())),
    /** coupon_year/month/day/hour and coupon_payment: kept as data, not part of redemption */
    year: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 10_000 }))),
    month: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 10_000 }))),
    day: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100_000 }))),
    hour: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1_000_000 }))),
    payment: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
    start: Type.Optional(DayInput()),
    startTime: Type.Optional(TimeInput()),
    to: Type.Optional(DayInput()),
    toTime: Type.Optional(TimeInput()),
    /** orders that may use it; "" or null = unlimited (stored as null) */
    limit: Type.Optional(
      Type.Union([Type.Integer({ minimum: 0, maximum: 100_000_000 }), Type.Literal(''), Type.Null()], {
        [X_ERROR]: 'validation.format',
      }),
    ),
    memberOnly: Type.Optional(YesNo()),
    emailOnly: Type.Optional(YesNo()),
  },
  { additionalProperties: false },
);
export type CouponInput = Static<typeof CouponInput>;

export const CouponView = Type.Object({
  id: Uuid(),
  code: Type.String(),
  name: Type.String(),
  detail: Type.Union([Type.String(), Type.Null()]),
  productId: Type.Union([Uuid(), Type.Null()]),
  productScope: CouponProductScopeSchema,
  type: CouponTypeSchema,
  price: Type.Union([Satang(), Type.Null()]),
  percent: Type.Union([Type.Number(), Type.Null()]),
  point: Type.Union([Type.Integer(), Type.Null()]),
  pay: Type.Union([Satang(), Type.Null()]),
  year: Type.Union([Type.Integer(), Type.Null()]),
  month: Type.Union([Type.Integer(), Type.Null()]),
  day: Type.Union([Type.Integer(), Type.Null()]),
  hour: Type.Union([Type.Integer(), Type.Null()]),
  payment: Type.Union([Type.String(), Type.Null()]),
  start: Type.Union([Type.String({ description: 'yyyy-mm-dd (Asia/Bangkok)' }), Type.Null()]),
  startTime: Type.Union([Type.String({ description: 'HH:mm' }), Type.Null()]),
  to: Type.Union([Type.String({ description: 'yyyy-mm-dd (Asia/Bangkok)' }), Type.Null()]),
  toTime: Type.Union([Type.String({ description: 'HH:mm' }), Type.Null()]),
  limit: Type.Union([Type.Integer(), Type.Null()], { description: 'null = unlimited' }),
  memberOnly: Type.Union([Type.Literal('Y'), Type.Literal('N')]),
  emailOnly: Type.Union([Type.Literal('Y'), Type.Literal('N')]),
  /** orders using it (not cancelled): what its limit counts */
  usedCount: Type.Integer({ minimum: 0 }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type CouponView = Static<typeof CouponView>;

export const CouponListQuery = Type.Object({
  /** part of the code or the name, any case */
  q: Type.Optional(Type.String({ maxLength: 100 })),
  productId: Type.Optional(Uuid()),
  /** true: not expired now (Asia/Bangkok); false: expired */
  active: Type.Optional(Type.Boolean()),
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});
export const CouponPage = Page(CouponView);

export const CouponEmailView = Type.Object({
  id: Uuid(),
  email: Type.String(),
});
export const CouponEmailList = Type.Object({ items: Type.Array(CouponEmailView) });
export const CouponEmailsBody = Type.Object(
  {
    emails: Type.Array(Email(), {
      minItems: 1,
      maxItems: 1000,
      [X_ERROR]: { minItems: 'validation.required', maxItems: 'validation.too_long' },
    }),
  },
  { additionalProperties: false },
);

/** The member's check before checkout (spec 02 §7 coupon ByCode): nothing is used up. */
export const CouponCheckBody = Type.Object(
  {
    code: Type.String({
      minLength: 1,
      maxLength: 64,
      [X_ERROR]: { minLength: 'validation.required', maxLength: 'validation.too_long' },
    }),
    productId: Uuid(),
    /** the price the member means to buy at; default the first price open to them today */
    priceId: Type.Optional(Uuid()),
  },
  { additionalProperties: false },
);
export type CouponCheckBody = Static<typeof CouponCheckBody>;

export const CouponCheckReply = Type.Object({
  couponId: Uuid(),
  code: Type.String(),
  name: Type.String(),
  type: CouponTypeSchema,
  priceId: Uuid(),
  price: Satang(),
  /** satang off that price, as checkout would take it */
  discount: Satang(),
  /** coins credited (type Point) */
  points: Type.Integer({ minimum: 0 }),
  memberOnly: Type.Union([Type.Literal('Y'), Type.Literal('N')]),
  emailOnly: Type.Union([Type.Literal('Y'), Type.Literal('N')]),
  /** orders using it so far (countOrder) */
  countOrder: Type.Integer({ minimum: 0 }),
  limit: Type.Union([Type.Integer(), Type.Null()]),
});
