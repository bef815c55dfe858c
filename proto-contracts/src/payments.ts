import { Type, type Static } from '@sinclair/typebox';
import { Page, RequiredText, Satang, Uuid } from './common.js';
import { defineEvent } from './envelope.js';
import { PaymentTypeSchema } from './orders.js';

/**
 * Payments (ARCHITECTURE §3 steps 2–4; spec 02 §4 "Transfer by slip", "Instalment transfer status").
 * A payment attempt is opened per order — per instalment for payment type 8 — from
 * `orders.order.created`, for the amount in the event. The buyer pays by uploading a bank-transfer
 * slip; staff approve or reject it. Amounts are integer satang.
 */

/**
 * Attempt status, the spec's instalment transfer words: create (waiting to pay), wait (a slip waits
 * for confirmation), finish (paid), not (cancelled with its order).
 */
export const AttemptStatusSchema = Type.Union([
  Type.Literal('create'),
  Type.Literal('wait'),
  Type.Literal('finish'),
  Type.Literal('not'),
]);
export type AttemptStatus = Static<typeof AttemptStatusSchema>;

/** A slip waits for review, then is approved or rejected (with a note). */
export const SlipStatusSchema = Type.Union(
  [Type.Literal('wait'), Type.Literal('approved'), Type.Literal('rejected')],
  { 'x-error': 'validation.format' },
);
export type SlipStatus = Static<typeof SlipStatusSchema>;

/** yyyy-mm-dd, the day the buyer says they paid */
export const PaymentDate = () =>
  Type.String({ format: 'date', description: 'yyyy-mm-dd', 'x-error': 'validation.format' });
/** HH:mm, 24-hour */
export const PaymentTime = () =>
  Type.String({
    pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$',
    description: 'HH:mm, 24-hour',
    'x-error': 'validation.format',
  });

export const SlipView = Type.Object({
  id: Uuid(),
  status: SlipStatusSchema,
  paymentDate: Type.String({ format: 'date' }),
  paymentTime: Type.String(),
  amount: Satang({ description: 'the amount due when the slip was sent' }),
  /** staff's note on a rejection */
  note: Type.Union([Type.String(), Type.Null()]),
  /** the image, at a signed address that works until `urlExpiresAt` */
  url: Type.String(),
  urlExpiresAt: Type.String({ format: 'date-time' }),
  createdAt: Type.String({ format: 'date-time' }),
  reviewedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type SlipView = Static<typeof SlipView>;

export const PaymentAttemptView = Type.Object({
  id: Uuid(),
  /** instalment number for payment type 8; null for an order paid at once */
  period: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  dueDate: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
  amount: Satang(),
  status: AttemptStatusSchema,
  paidAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** newest first */
  slips: Type.Array(SlipView),
  /**
   * the encrypted payment ref of an attempt still waiting to be paid (status create), for the
   * payment pages /creditCard/{ref}, /creditCardSmatrPay/{ref}, /qrPlayment/{ref}; absent otherwise
   */
  ref: Type.Optional(Type.String()),
});
export type PaymentAttemptView = Static<typeof PaymentAttemptView>;

/** GET /payments/:orderId — what is due on an order and the slips sent for it. */
export const OrderPaymentsView = Type.Object({
  orderId: Uuid(),
  orderNo: Type.Integer(),
  reference: Type.String(),
  paymentType: PaymentTypeSchema,
  net: Satang(),
  attempts: Type.Array(PaymentAttemptView),
});
export type OrderPaymentsView = Static<typeof OrderPaymentsView>;

/** Multipart fields of POST /payments/:orderId/slip besides the file (field `slip`). */
export const SLIP_FILE_FIELD = 'slip';
export const SlipFields = Type.Object({
  paymentDate: PaymentDate(),
  paymentTime: PaymentTime(),
});

export const AdminSlipsQuery = Type.Object({
  status: Type.Optional(SlipStatusSchema),
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});
export type AdminSlipsQuery = Static<typeof AdminSlipsQuery>;

/** A slip in the staff review list (/admin/ordersConfirm), oldest first. */
export const AdminSlipRow = Type.Object({
  ...SlipView.properties,
  orderId: Uuid(),
  orderNo: Type.Integer(),
  reference: Type.String(),
  userId: Type.String(),
  /** the buyer's e-mail from orders.order.created (null for orders placed before it was sent) */
  userEmail: Type.Union([Type.String(), Type.Null()]),
  paymentType: PaymentTypeSchema,
  /** the order's net; `amount` is what this slip pays (one instalment for type 8) */
  net: Satang(),
  period: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  /** the reviewing staff member's id */
  reviewedBy: Type.Union([Type.String(), Type.Null()]),
  /** their name as their token carried it at review time; null for slips reviewed before it was kept */
  reviewedByName: Type.Union([Type.String(), Type.Null()]),
});
export type AdminSlipRow = Static<typeof AdminSlipRow>;
export const AdminSlipsPage = Page(AdminSlipRow);

export const SlipCounts = Type.Object({ wait: Type.Integer({ minimum: 0 }) });

/**
 * Live topic (core NATS `<ns>.live.payments.slips-waiting`, not a stream): payments publishes the
 * current `SlipCounts` after every committed change; the gateway streams it to staff over SSE.
 */
export const SLIPS_WAITING_TOPIC = 'payments.slips-waiting';

export const RejectSlipBody = Type.Object({ note: RequiredText(1000) }, { additionalProperties: false });
export type RejectSlipBody = Static<typeof RejectSlipBody>;

// ---------- payment types (spec 02 §3 "Payment type", §4 "Payment types by id") ----------

/** The four payment types and their ids: 1 card (with fee), 4 bank transfer, 6 coin, 8 instalments. */
export const PaymentTypeView = Type.Object({
  id: PaymentTypeSchema,
  /** an icon name the SPA maps to a picture: card, bank, coin, installment */
  icon: Type.String(),
  title: Type.Object({ th: Type.String(), en: Type.String() }),
  detail: Type.Object({ th: Type.String(), en: Type.String() }),
  /** Y: the type is switched off by staff and checkout refuses it */
  disable: Type.Union([Type.Literal('Y'), Type.Literal('N')]),
});
export type PaymentTypeView = Static<typeof PaymentTypeView>;
export const PaymentTypeList = Type.Array(PaymentTypeView);

export const SetPaymentTypeDisableBody = Type.Object(
  { disable: Type.Union([Type.Literal('Y'), Type.Literal('N')], { 'x-error': 'validation.format' }) },
  { additionalProperties: false },
);
export type SetPaymentTypeDisableBody = Static<typeof SetPaymentTypeDisableBody>;

// ---------- the payment pages by encrypted ref (spec 02 §2, §4 "Card", §9 "Card form") ----------

/** How an attempt may be paid on the payment pages. */
export const PayMethodSchema = Type.Union([
  Type.Literal('card'),
  Type.Literal('unionpay'),
  Type.Literal('qr'),
]);
export type PayMethod = Static<typeof PayMethodSchema>;

/**
 * GET /pay/{ref} — public (the ref is the capability): only what the payment page needs, no personal
 * data.
 */
export const PayView = Type.Object({
  orderNo: Type.Integer(),
  /** SPSK + the order number padded to 10 digits */
  reference: Type.String(),
  paymentType: PaymentTypeSchema,
  /** instalment number for payment type 8, else null */
  period: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  /** what this ref pays, in satang */
  amount: Satang(),
  status: AttemptStatusSchema,
  /** the ways this attempt may be paid */
  methods: Type.Array(PayMethodSchema),
});
export type PayView = Static<typeof PayView>;

/** POST /pay/{ref}/card — the hidden form the page posts to the card provider (2C2P redirect API 8.5). */
export const CardForm = Type.Object({
  action: Type.String(),
  method: Type.Literal('POST'),
  fields: Type.Record(Type.String(), Type.String()),
});
export type CardForm = Static<typeof CardForm>;

/** POST /pay/{ref}/unionpay — where to send the browser (the provider's charge page). */
export const UnionPayRedirect = Type.Object({ redirectUrl: Type.String() });
export type UnionPayRedirect = Static<typeof UnionPayRedirect>;

/** POST /pay/{ref}/qr — a PromptPay QR for the amount due, made here. */
export const QrPayment = Type.Object({
  amount: Satang(),
  /** the EMVCo (Thai QR / PromptPay) payload the picture encodes */
  payload: Type.String(),
  /** the QR as an SVG data URL */
  image: Type.String(),
  /** the provider's QR order id when the provider knows this QR (it then confirms the payment), else null */
  providerOrderId: Type.Union([Type.String(), Type.Null()]),
});
export type QrPayment = Static<typeof QrPayment>;

// ---------- events ----------

const SlipEventBase = {
  slipId: Uuid(),
  attemptId: Uuid(),
  orderId: Uuid(),
  orderNo: Type.Integer({ minimum: 1 }),
  reference: Type.String(),
  userId: Type.String(),
  /** instalment number (payment type 8); null for an order paid at once */
  period: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  amount: Satang(),
};

/** A buyer sent a transfer slip; it waits for staff (who are told in chat). */
export const SlipSubmitted = defineEvent(
  'payments.slip.submitted',
  1,
  Type.Object({
    ...SlipEventBase,
    paymentDate: Type.String({ format: 'date' }),
    paymentTime: Type.String(),
    submittedAt: Type.String({ format: 'date-time' }),
  }),
);

/** Staff approved a slip: the order (or instalment) is paid. Published once per attempt. */
export const PaymentApproved = defineEvent(
  'payments.payment.approved',
  1,
  Type.Object({
    ...SlipEventBase,
    method: Type.Literal('slip'),
    approvedBy: Type.String(),
    approvedAt: Type.String({ format: 'date-time' }),
  }),
);

/** Staff rejected a slip, with a note for the buyer; the attempt waits for another slip. */
export const PaymentRejected = defineEvent(
  'payments.payment.rejected',
  1,
  Type.Object({
    ...SlipEventBase,
    note: Type.String({ minLength: 1 }),
    rejectedBy: Type.String(),
    rejectedAt: Type.String({ format: 'date-time' }),
    /** the buyer's e-mail from the order (for the rejection e-mail); absent for older orders */
    userEmail: Type.Optional(Type.String()),
  }),
);

/**
 * A payment provider confirmed a payment (card, UnionPay or QR, its signed notification verified):
 * the attempt is paid. The data of `payments.payment.approved` without the slip and reviewer, plus
 * how and where it was paid. Published once per attempt; orders handles it like an approval.
 */
export const PaymentSucceeded = defineEvent(
  'payments.payment.succeeded',
  1,
  Type.Object({
    attemptId: Uuid(),
    orderId: Uuid(),
    orderNo: Type.Integer({ minimum: 1 }),
    reference: Type.String(),
    userId: Type.String(),
    period: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
    amount: Satang(),
    method: PayMethodSchema,
    /** 2c2p (card form) or kbank (UnionPay charge, QR order) */
    provider: Type.String(),
    /** our gateway session (the order id / reference_order the provider saw) */
    sessionId: Type.String(),
    /** the provider's transaction or charge id */
    providerTransactionId: Type.String(),
    succeededAt: Type.String({ format: 'date-time' }),
  }),
);

/**
 * Staff switched a payment type on or off. `revision` grows with every change, so a read model
 * keeps the highest and ignores late or replayed events.
 */
export const PaymentTypeChanged = defineEvent(
  'payments.payment-type.changed',
  1,
  Type.Object({
    paymentTypeId: PaymentTypeSchema,
    disable: Type.Union([Type.Literal('Y'), Type.Literal('N')]),
    revision: Type.Integer({ minimum: 1 }),
    changedAt: Type.String({ format: 'date-time' }),
  }),
);

export const PAYMENTS_EVENTS = [
  SlipSubmitted,
  PaymentApproved,
  PaymentRejected,
  PaymentSucceeded,
  PaymentTypeChanged,
];
