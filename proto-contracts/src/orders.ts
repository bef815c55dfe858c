import { Type, type Static } from '@sinclair/typebox';
import { Page, Phone, RequiredText, Satang, Uuid } from './common.js';
import { defineEvent } from './envelope.js';
import { MembershipCodeSchema } from './enums.js';

/**
 * Orders (spec 02 §3 Order, Order detail, Order transfer; §9): checkout and the member's view of
 * their orders. Amounts are integer satang, computed by orders (never by the browser).
 */

/** 1 card (with fee), 4 bank transfer (default), 6 coin, 8 instalments. */
export const PaymentTypeSchema = Type.Union(
  [Type.Literal(1), Type.Literal(4), Type.Literal(6), Type.Literal(8)],
  {
    'x-error': 'validation.format',
  },
);
export type PaymentType = Static<typeof PaymentTypeSchema>;

export const ReceiptTypeSchema = Type.Union([Type.Literal('person'), Type.Literal('company')]);

/** The invoice section: company receipts need name, address and phone (spec 02 §5). */
export const ReceiptRequest = Type.Object(
  {
    type: ReceiptTypeSchema,
    name: Type.Optional(RequiredText(200)),
    taxId: Type.Optional(Type.String({ pattern: '^[0-9]{13}$', 'x-error': 'validation.tax_id_length' })),
    address: Type.Optional(RequiredText(500)),
    province: Type.Optional(RequiredText(100)),
    district: Type.Optional(RequiredText(100)),
    subDistrict: Type.Optional(RequiredText(100)),
    zip: Type.Optional(Type.String({ pattern: '^[0-9]{5}$', 'x-error': 'validation.format' })),
    phone: Type.Optional(Phone()),
  },
  { additionalProperties: false },
);
export type ReceiptRequest = Static<typeof ReceiptRequest>;

export const CheckoutBody = Type.Object(
  {
    productId: Uuid(),
    priceId: Uuid(),
    couponCode: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        'x-error': { minLength: 'validation.required', maxLength: 'validation.too_long' },
      }),
    ),
    paymentType: PaymentTypeSchema,
    /** payment type 8: the plan chosen; default the open plan with the fewest instalments */
    planId: Type.Optional(Uuid()),
    receipt: Type.Optional(ReceiptRequest),
    /** the referrer (orders_invite): the `invite` of the product page's address, kept as given */
    invite: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        pattern: '^[A-Za-z0-9_.@-]+$',
        'x-error': {
          minLength: 'validation.required',
          maxLength: 'validation.too_long',
          pattern: 'validation.format',
        },
      }),
    ),
  },
  { additionalProperties: false },
);
export type CheckoutBody = Static<typeof CheckoutBody>;

export const IDEMPOTENCY_KEY_MAX = 100;

/** spec 02 §4: wait (new), paid, not (cancelled) */
export const OrderStatusSchema = Type.Union(
  [Type.Literal('wait'), Type.Literal('paid'), Type.Literal('not')],
  {
    'x-error': 'validation.format',
  },
);

export const OrderDetailView = Type.Object({
  productId: Uuid(),
  priceId: Uuid(),
  couponId: Type.Union([Uuid(), Type.Null()]),
  price: Satang(),
  discount: Satang(),
  net: Satang(),
  coin: Type.Integer({ minimum: 0 }),
});

export const InstallmentView = Type.Object({
  period: Type.Integer({ minimum: 1 }),
  dueDate: Type.String({ format: 'date', description: 'yyyy-mm-dd (Asia/Bangkok day)' }),
  amount: Satang(),
  status: Type.String(),
});

export const OrderView = Type.Object({
  id: Uuid(),
  orderNo: Type.Integer(),
  reference: Type.String({ description: 'SPSK + order number padded to 10 digits' }),
  userId: Type.String(),
  status: OrderStatusSchema,
  paymentType: PaymentTypeSchema,
  total: Satang(),
  discount: Satang(),
  vat: Satang(),
  fee: Satang(),
  withholding: Satang(),
  net: Satang(),
  receipt: Type.Union([Type.Literal('Y'), Type.Literal('N')]),
  receiptType: ReceiptTypeSchema,
  couponId: Type.Union([Uuid(), Type.Null()]),
  /** the code of that coupon, as staff wrote it (null: no coupon) */
  couponCode: Type.Union([Type.String(), Type.Null()]),
  /** the product's title when the order was read (from orders' read model); null when unknown */
  productTitle: Type.Union([Type.String(), Type.Null()]),
  /** the invoice details given at checkout (receipt Y) */
  receiptInfo: Type.Union([ReceiptRequest, Type.Null()]),
  invite: Type.Union([Type.String(), Type.Null()]),
  details: Type.Array(OrderDetailView),
  installments: Type.Array(InstallmentView),
  createdAt: Type.String({ format: 'date-time' }),
});
export type OrderView = Static<typeof OrderView>;

export const CheckoutReply = Type.Object({ order: OrderView });

/**
 * What checkout would take for this body now, computed by the same rules on the same data, before
 * anything is placed (no order written, no coupon use taken): the buyer sees the net, the card fee,
 * the withholding and the instalments before confirming.
 */
export const CheckoutQuote = Type.Object({
  productId: Uuid(),
  priceId: Uuid(),
  paymentType: PaymentTypeSchema,
  /** payment type 8: the plan the order would use (the one asked for, else the first open); otherwise null */
  planId: Type.Union([Uuid(), Type.Null()]),
  /** the coupon's code as stored (null: none asked for) */
  couponCode: Type.Union([Type.String(), Type.Null()]),
  total: Satang(),
  discount: Satang(),
  vat: Satang(),
  fee: Satang(),
  withholding: Satang(),
  net: Satang(),
  /** coins a Point coupon would credit */
  coin: Type.Integer({ minimum: 0 }),
  installments: Type.Array(Type.Omit(InstallmentView, ['status'])),
});
export type CheckoutQuote = Static<typeof CheckoutQuote>;

export const MyOrdersQuery = Type.Object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 50, default: 50 }),
});
export const MyOrdersPage = Page(OrderView);

// ---------- events ----------

/** An order was placed (status wait): what payments needs to open a payment for the amount due. */
export const OrderCreated = defineEvent(
  'orders.order.created',
  1,
  Type.Object({
    orderId: Uuid(),
    orderNo: Type.Integer({ minimum: 1 }),
    reference: Type.String(),
    userId: Type.String(),
    productId: Uuid(),
    priceId: Uuid(),
    couponId: Type.Union([Uuid(), Type.Null()]),
    paymentType: PaymentTypeSchema,
    total: Satang(),
    discount: Satang(),
    vat: Satang(),
    fee: Satang(),
    withholding: Satang(),
    net: Satang(),
    receiptType: Type.Union([Type.Literal('none'), ReceiptTypeSchema]),
    /** payment type 8: the instalments due (the first on the order's day); otherwise empty */
    schedule: Type.Array(
      Type.Object({
        period: Type.Integer({ minimum: 1 }),
        dueDate: Type.String({ format: 'date' }),
        amount: Satang(),
      }),
    ),
    createdAt: Type.String({ format: 'date-time' }),
    /** the buyer's e-mail as on the order (staff see who sent a slip); absent from older events */
    userEmail: Type.Optional(Type.String()),
  }),
);

/**
 * An order was paid (its first instalment, for payment type 8): what learning, auth, bookings and
 * notifications act on. Published once per order, when it moves from wait to paid.
 */
export const OrderPaid = defineEvent(
  'orders.order.paid',
  1,
  Type.Object({
    orderId: Uuid(),
    orderNo: Type.Integer({ minimum: 1 }),
    reference: Type.String(),
    userId: Type.String(),
    productId: Uuid(),
    /** every course the product (or package) grants, from orders' catalog read model */
    courseIds: Type.Array(Type.String()),
    net: Satang(),
    paymentType: PaymentTypeSchema,
    paidAt: Type.String({ format: 'date-time' }),
    /** the instalment whose payment paid the order (1 for type 8); null for an order paid at once */
    period: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
    /**
     * the membership code of the price the order was bought at (spec 02 §6); auth gives it to the
     * buyer unless it is NL. Absent from events written before it existed.
     */
    membershipCode: Type.Optional(MembershipCodeSchema),
    /** the buyer's e-mail as on the order, for the order-confirmed e-mail (notifications) */
    userEmail: Type.Optional(Type.String()),
    /** the product's title from orders' catalog read model */
    productTitle: Type.Optional(Type.String()),
  }),
);

export const ORDERS_EVENTS = [OrderCreated, OrderPaid];
