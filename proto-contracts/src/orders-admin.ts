import { Type, type Static } from '@sinclair/typebox';
import { Page, RequiredText, Satang, Uuid } from './common.js';
import { defineEvent } from './envelope.js';
import { OrderStatusSchema, OrderView, PaymentTypeSchema } from './orders.js';

/**
 * The orders back office (spec 02 §2 /admin/orders, §3 Order, §4 Book dispatch flag, §7
 * ordersByStatus, ordersByDate, ordersTotalStatus, ordersUpdataListBookSend, orderscancelByCode).
 * Dates are Asia/Bangkok days; amounts are satang (the CSV report alone shows baht).
 */

export const BookDispatchSchema = Type.Union([Type.Literal('Y'), Type.Literal('N'), Type.Literal('C')], {
  'x-error': 'validation.format',
});

const Day = (description: string) =>
  Type.String({ format: 'date', description, 'x-error': 'validation.format' });

export const ADMIN_ORDER_SORTS = ['createdAt', '-createdAt', 'orderNo', '-orderNo', 'net', '-net'] as const;

/**
 * The list's book filter: `toSend` = paid orders whose member gave the book's delivery address and
 * whose dispatch flag is N (not sent) — the dispatch work waiting, the staff dashboard's "books to
 * dispatch" (D145).
 */
export const ADMIN_ORDER_BOOK_FILTERS = ['toSend'] as const;
export type AdminOrderBookFilter = (typeof ADMIN_ORDER_BOOK_FILTERS)[number];

export const AdminOrdersQuery = Type.Object({
  status: Type.Optional(OrderStatusSchema),
  from: Type.Optional(Day('first Asia/Bangkok day ordered, included')),
  to: Type.Optional(Day('last Asia/Bangkok day ordered, included')),
  productId: Type.Optional(Uuid()),
  book: Type.Optional(
    Type.Union(
      ADMIN_ORDER_BOOK_FILTERS.map((b) => Type.Literal(b)),
      { 'x-error': 'validation.format', description: 'toSend: paid, address given, book not sent (flag N)' },
    ),
  ),
  /** only the orders of this referrer (orders_invite), exactly */
  invite: Type.Optional(Type.String({ minLength: 1, maxLength: 64, 'x-error': 'validation.format' })),
  q: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'part of the reference, e-mail or tracking number, or the order number',
      'x-error': { minLength: 'validation.required', maxLength: 'validation.too_long' },
    }),
  ),
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  sort: Type.Union(
    ADMIN_ORDER_SORTS.map((s) => Type.Literal(s)),
    { default: '-createdAt', 'x-error': 'validation.format' },
  ),
});
export type AdminOrdersQuery = Static<typeof AdminOrdersQuery>;

/** A book order's delivery address, copied from bookings.book.requested (the newest wins). */
export const BookAddress = Type.Object({
  fullname: Type.String(),
  tel: Type.String(),
  addressText: Type.String(),
  zip: Type.String(),
  note: Type.Union([Type.String(), Type.Null()]),
  requestedAt: Type.String({ format: 'date-time' }),
});
export type BookAddress = Static<typeof BookAddress>;

/** What the back office adds to an order: buyer, product title and the staff-kept flags. */
const AdminFields = {
  userEmail: Type.Union([Type.String(), Type.Null()]),
  productId: Type.Union([Uuid(), Type.Null()]),
  bookSend: BookDispatchSchema,
  tracking: Type.Union([Type.String(), Type.Null()]),
  trackingBy: Type.Union([Type.String(), Type.Null()]),
  certificate: Type.Union([Type.Literal('Y'), Type.Literal('N')]),
  /**
   * where the book goes, as the member gave it in the member area (bookings.book.requested); null
   * until given, and for orders with no book
   */
  bookAddress: Type.Union([BookAddress, Type.Null()]),
};

export const AdminOrderRow = Type.Object({
  id: Uuid(),
  orderNo: Type.Integer(),
  reference: Type.String(),
  userId: Type.String(),
  status: OrderStatusSchema,
  paymentType: PaymentTypeSchema,
  total: Satang(),
  discount: Satang(),
  net: Satang(),
  createdAt: Type.String({ format: 'date-time' }),
  productTitle: Type.Union([Type.String(), Type.Null()]),
  invite: Type.Union([Type.String(), Type.Null()]),
  /** the coupon the order used, by its code (null: none) */
  couponCode: Type.Union([Type.String(), Type.Null()]),
  ...AdminFields,
});
export type AdminOrderRow = Static<typeof AdminOrderRow>;
export const AdminOrdersPage = Page(AdminOrderRow);

/** One order with details, instalment schedule, invoice and the back-office fields. */
export const AdminOrderView = Type.Composite([OrderView, Type.Object({ ...AdminFields })]);
export type AdminOrderView = Static<typeof AdminOrderView>;

/** ordersTotalStatus: how many orders are in each status (the "waiting for confirmation" badge). */
export const AdminOrderCounts = Type.Object({
  wait: Type.Integer({ minimum: 0 }),
  paid: Type.Integer({ minimum: 0 }),
  not: Type.Integer({ minimum: 0 }),
});

export const BOOK_DISPATCH_MAX = 500;

/** ordersUpdataListBookSend: one flag for a list of orders, all or nothing. */
export const BookDispatchBody = Type.Object(
  {
    ids: Type.Array(Uuid(), {
      minItems: 1,
      maxItems: BOOK_DISPATCH_MAX,
      uniqueItems: true,
      'x-error': { minItems: 'validation.required', maxItems: 'validation.too_long' },
    }),
    status: BookDispatchSchema,
  },
  { additionalProperties: false },
);
export type BookDispatchBody = Static<typeof BookDispatchBody>;
export const BookDispatchReply = Type.Object({ updated: Type.Integer({ minimum: 0 }) });

export const TrackingBody = Type.Object({ tracking: RequiredText(100) }, { additionalProperties: false });

export const ReportQuery = Type.Object({
  from: Day('first Asia/Bangkok day ordered, included'),
  to: Day('last Asia/Bangkok day ordered, included'),
});

export const CancelByCodeBody = Type.Object(
  {
    code: Type.String({
      minLength: 1,
      maxLength: 14,
      description: 'the order reference, SPSK + 10 digits',
      'x-error': { minLength: 'validation.required', maxLength: 'validation.too_long' },
    }),
  },
  { additionalProperties: false },
);

/** ordersByCode summary (spec 02 §3): what the person cancelling sees. */
export const CancelByCodeReply = Type.Object({
  reference: Type.String(),
  status: OrderStatusSchema,
  productTitle: Type.Union([Type.String(), Type.Null()]),
  total: Satang(),
  discount: Satang(),
  net: Satang(),
});

/** /admin/affiliate: orders by referrer (orders_invite), in Asia/Bangkok days. */
export const AffiliatesQuery = Type.Object({
  from: Type.Optional(Day('first Asia/Bangkok day ordered, included')),
  to: Type.Optional(Day('last Asia/Bangkok day ordered, included')),
  q: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'part of the referrer',
      'x-error': { minLength: 'validation.required', maxLength: 'validation.too_long' },
    }),
  ),
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});
export type AffiliatesQuery = Static<typeof AffiliatesQuery>;

/** One referrer: its orders (not cancelled) and what they are worth; most orders first. */
export const AffiliateRow = Type.Object({
  invite: Type.String(),
  orders: Type.Integer({ minimum: 0, description: 'orders not cancelled' }),
  paidOrders: Type.Integer({ minimum: 0 }),
  net: Satang({ description: 'sum of net of the orders not cancelled' }),
  paidNet: Satang({ description: 'sum of net of the paid orders' }),
  lastOrderAt: Type.String({ format: 'date-time' }),
});
export type AffiliateRow = Static<typeof AffiliateRow>;
export const AffiliatesPage = Page(AffiliateRow);

// ---------- events ----------

/** An order still waiting was cancelled (status not): its coupon use is released, nothing is due. */
export const OrderCancelled = defineEvent(
  'orders.order.cancelled',
  1,
  Type.Object({
    orderId: Uuid(),
    orderNo: Type.Integer({ minimum: 1 }),
    reference: Type.String(),
    userId: Type.String(),
    couponId: Type.Union([Uuid(), Type.Null()]),
    /** who: 'code' = cancel by code (public), else the staff id */
    cancelledBy: Type.String(),
    cancelledAt: Type.String({ format: 'date-time' }),
  }),
);

/**
 * Staff changed a book order's dispatch flag or tracking number (bulk ordersUpdataListBookSend or
 * the tracking dialog): bookings shows it to the member. One event per order changed; the newest
 * `changedAt` wins.
 */
export const BookDispatched = defineEvent(
  'orders.book.dispatched',
  1,
  Type.Object({
    orderId: Uuid(),
    userId: Type.String(),
    bookSend: BookDispatchSchema,
    tracking: Type.Union([Type.String(), Type.Null()]),
    changedAt: Type.String({ format: 'date-time' }),
  }),
);

export const ORDERS_ADMIN_EVENTS = [OrderCancelled, BookDispatched];
