import { Type, type Static } from '@sinclair/typebox';
import { AddressBody } from './addresses.js';
import { AdminListQuery, Email, Page, RequiredText, Satang, Uuid } from './common.js';
import { defineEvent } from './envelope.js';
import { YesNoSchema } from './enums.js';
import { X_ERROR } from './errors.js';
import { BookDispatchSchema } from './orders-admin.js';
import { PaymentDate, PaymentTime } from './payments.js';

/**
 * Bookings (issue 17; spec 02 §1, §3 Booking and book-delivery record, §4 Booking, §5 booking key
 * check and update exclusions, §7 booking family and uploadBooking, §9 booking limit; spec 01 §2
 * book-delivery button and dialog). Served by the bookings service at /api/bookings (D97, D99).
 *
 * Booking by key: staff give out a key code for a product (an event seat, an on-site course). Anyone
 * with the key may book, up to the key's limit (default: the setting BOOKINGS_KEY_LIMIT); one booking
 * per person (e-mail, or signed-in member) and key. The key check answers exactly one of `success`,
 * `limit` (the key's bookings reached its limit) or `used` (this person already booked with it); an
 * unknown or switched-off key is a 404 problem. A booking starts `new`, confirm N, quantity 1.
 *
 * Book delivery: a paid order for a product with a book (`book` Y) opens a delivery request; the
 * member gives the address in the member area (→ `bookings.book.requested`); orders keeps the
 * dispatch flag and tracking and tells back (`orders.book.dispatched`).
 *
 * JSON names: booking_key → `key`, booking_name → `name`, booking_lname → `lname`, booking_email →
 * `email`, booking_tel → `tel`, booking_address/_province/_district/_sub_district/_zip → `address`,
 * `provinceId`, `districtId`, `subDistrictId`, `zip`, booking_note → `note`, booking_slip → the slip
 * (`hasSlip`, a signed URL for staff), booking_amount → `amount` (satang), booking_payment_date/_time
 * → `paymentDate`, `paymentTime`, booking_quantity → `quantity`, booking_status → `status`,
 * booking_confirm → `confirm`.
 */

export const BOOKING_STATUSES = ['new', 'wait'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BookingStatusSchema = Type.Union(
  BOOKING_STATUSES.map((s) => Type.Literal(s)),
  { [X_ERROR]: 'validation.format' },
);

/** The key check's three exclusive flags (spec 02 §4). */
export const KEY_CHECK_RESULTS = ['success', 'limit', 'used'] as const;
export type KeyCheckResult = (typeof KEY_CHECK_RESULTS)[number];
export const KeyCheckResultSchema = Type.Union(KEY_CHECK_RESULTS.map((r) => Type.Literal(r)));

/** A key code: letters, digits and "-", 4–40 characters; matched without regard to case. */
export const BookingKeyCode = () =>
  Type.String({
    minLength: 4,
    maxLength: 40,
    pattern: '^[A-Za-z0-9-]+$',
    [X_ERROR]: {
      minLength: 'validation.required',
      maxLength: 'validation.too_long',
      pattern: 'validation.format',
    },
  });

const ReadText = () => Type.Union([Type.String(), Type.Null()]);
const Time = () => Type.String({ format: 'date-time' });
const OptionalNote = () =>
  Type.Optional(Type.Union([Type.String({ maxLength: 500, [X_ERROR]: 'validation.too_long' }), Type.Null()]));

// ---------- booking keys (staff) ----------

export const BookingKeyBody = Type.Object(
  {
    /** absent: the service makes one (10 characters from an unambiguous alphabet) */
    code: Type.Optional(BookingKeyCode()),
    productId: Uuid(),
    /** absent: the setting BOOKINGS_KEY_LIMIT */
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, [X_ERROR]: 'validation.format' })),
    active: Type.Optional(YesNoSchema),
  },
  { additionalProperties: false },
);
export type BookingKeyBody = Static<typeof BookingKeyBody>;

export const BookingKeyPatch = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, [X_ERROR]: 'validation.format' })),
    active: Type.Optional(YesNoSchema),
  },
  { additionalProperties: false },
);
export type BookingKeyPatch = Static<typeof BookingKeyPatch>;

export const BookingKeyView = Type.Object(
  {
    id: Uuid(),
    code: Type.String(),
    productId: Uuid(),
    productTitle: Type.String(),
    limit: Type.Integer(),
    active: YesNoSchema,
    /** bookings made with the key */
    bookings: Type.Integer({ minimum: 0 }),
    createdBy: ReadText(),
    createdAt: Time(),
    updatedAt: Time(),
  },
  { $id: 'BookingKey' },
);
export type BookingKeyView = Static<typeof BookingKeyView>;

export const BookingKeysQuery = AdminListQuery(['-createdAt', 'createdAt', 'code'], '-createdAt', {
  productId: Type.Optional(Uuid()),
});
export type BookingKeysQuery = Static<typeof BookingKeysQuery>;
export const BookingKeysPage = Page(BookingKeyView);
export type BookingKeysPage = Static<typeof BookingKeysPage>;

// ---------- the public booking form ----------

/** POST /bookings/key-check: the key, and the e-mail to check "used" for (a signed-in member's own id counts too). */
export const KeyCheckBody = Type.Object(
  { key: BookingKeyCode(), email: Type.Optional(Email()) },
  { additionalProperties: false },
);
export type KeyCheckBody = Static<typeof KeyCheckBody>;

/** The address part of a booking or a book delivery (spec 01 §5 delivery-address rules). */
export const BookingAddressFields = {
  address: AddressBody.properties.address,
  provinceId: AddressBody.properties.provinceId,
  districtId: AddressBody.properties.districtId,
  subDistrictId: AddressBody.properties.subDistrictId,
  zip: AddressBody.properties.zip,
};

export const BookingAddressView = {
  address: Type.String(),
  provinceId: Type.Integer(),
  provinceName: Type.String(),
  districtId: Type.Integer(),
  districtName: Type.String(),
  subDistrictId: Type.Integer(),
  subDistrictName: Type.String(),
  zip: Type.String(),
};

/** What a signed-in member's latest booking fills in (the phone opened from its sealed copy). */
export const BookingPrefill = Type.Object({
  name: Type.String(),
  lname: Type.String(),
  email: Type.String(),
  tel: Type.String(),
  ...BookingAddressView,
});
export type BookingPrefill = Static<typeof BookingPrefill>;

export const KeyCheckView = Type.Object({
  result: KeyCheckResultSchema,
  /** bookings made with the key so far */
  total: Type.Integer({ minimum: 0 }),
  limit: Type.Integer({ minimum: 1 }),
  product: Type.Object({ id: Uuid(), title: Type.String() }),
  /** null unless signed in and the member has booked before */
  prefill: Type.Union([BookingPrefill, Type.Null()]),
});
export type KeyCheckView = Static<typeof KeyCheckView>;

/** Multipart fields of POST /bookings/slips (uploadBooking): `key` first, then the file `slip`. */
export const BOOKING_SLIP_FILE_FIELD = 'slip';
export const BookingSlipUploaded = Type.Object({
  /** hand it back in the booking's `slip.id`; unclaimed slips are removed after a day */
  id: Uuid(),
  /** the stored file's name (spec 02 §7 uploadBooking answers the filename) */
  filename: Type.String(),
});
export type BookingSlipUploaded = Static<typeof BookingSlipUploaded>;

export const BookingSlipFields = Type.Object(
  { id: Uuid(), amount: Satang(), paymentDate: PaymentDate(), paymentTime: PaymentTime() },
  { additionalProperties: false },
);

export const BookingBody = Type.Object(
  {
    key: BookingKeyCode(),
    name: RequiredText(100),
    lname: RequiredText(100),
    email: Email(),
    tel: AddressBody.properties.tel,
    ...BookingAddressFields,
    note: OptionalNote(),
    /** the transfer slip, when the booking comes with a payment */
    slip: Type.Optional(BookingSlipFields),
  },
  { additionalProperties: false },
);
export type BookingBody = Static<typeof BookingBody>;

/** What the person who booked gets back. */
export const BookingReceipt = Type.Object({
  id: Uuid(),
  productTitle: Type.String(),
  status: BookingStatusSchema,
  confirm: YesNoSchema,
  quantity: Type.Integer(),
  hasSlip: Type.Boolean(),
  createdAt: Time(),
});
export type BookingReceipt = Static<typeof BookingReceipt>;

// ---------- staff: /admin/userCourseBooking ----------

export const BookingStaffRow = Type.Object(
  {
    id: Uuid(),
    userId: ReadText(),
    productId: Uuid(),
    productTitle: Type.String(),
    key: Type.String(),
    name: Type.String(),
    lname: Type.String(),
    email: Type.String(),
    /** opened from the sealed copy */
    tel: Type.String(),
    ...BookingAddressView,
    note: ReadText(),
    quantity: Type.Integer(),
    status: BookingStatusSchema,
    confirm: YesNoSchema,
    hasSlip: Type.Boolean(),
    amount: Type.Union([Satang(), Type.Null()]),
    paymentDate: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
    paymentTime: ReadText(),
    createdAt: Time(),
    updatedAt: Time(),
  },
  { $id: 'BookingStaffRow' },
);
export type BookingStaffRow = Static<typeof BookingStaffRow>;

export const BookingsQuery = AdminListQuery(
  ['-createdAt', 'createdAt', 'name'],
  '-createdAt',
  {
    productId: Type.Optional(Uuid()),
    status: Type.Optional(BookingStatusSchema),
    confirm: Type.Optional(YesNoSchema),
  },
  { search: 'part of the name, last name, e-mail or key' },
);
export type BookingsQuery = Static<typeof BookingsQuery>;
export const BookingsPage = Page(BookingStaffRow);
export type BookingsPage = Static<typeof BookingsPage>;

/** Fields an update may not carry (spec 02 §5), in their JSON and spec spellings. */
export const BOOKING_UPDATE_EXCLUDED = [
  'createdAt',
  'updatedAt',
  'create_at',
  'update_at',
  'slip',
  'booking_slip',
  'amount',
  'booking_amount',
  'paymentDate',
  'booking_payment_date',
  'paymentTime',
  'booking_payment_time',
] as const;

/**
 * POST Update (spec 02 §5): what staff may change. The created/updated times, the slip, the amount
 * and the payment date and time are never changed by an update: they are named in the schema only
 * so that sending one is a 400 `bookings.field_not_editable` (changing nothing) rather than a
 * generic validation failure. Any other unknown field is a 400 as well. The service keeps
 * `updatedAt` itself.
 */
export const BookingUpdateBody = Type.Object(
  {
    name: Type.Optional(RequiredText(100)),
    lname: Type.Optional(RequiredText(100)),
    email: Type.Optional(Email()),
    tel: Type.Optional(AddressBody.properties.tel),
    address: Type.Optional(BookingAddressFields.address),
    provinceId: Type.Optional(BookingAddressFields.provinceId),
    districtId: Type.Optional(BookingAddressFields.districtId),
    subDistrictId: Type.Optional(BookingAddressFields.subDistrictId),
    zip: BookingAddressFields.zip,
    note: OptionalNote(),
    quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, [X_ERROR]: 'validation.format' })),
    status: Type.Optional(BookingStatusSchema),
    confirm: Type.Optional(YesNoSchema),
    ...Object.fromEntries(BOOKING_UPDATE_EXCLUDED.map((f) => [f, Type.Optional(Type.Unknown())])),
  },
  { additionalProperties: false },
);
export type BookingUpdateBody = Static<typeof BookingUpdateBody>;

/** updateWaitAll / updataConfirmAllBooking: a list of ids, all or nothing. */
export const BookingIdsBody = Type.Object(
  { ids: Type.Array(Uuid(), { minItems: 1, maxItems: 500, uniqueItems: true }) },
  { additionalProperties: false },
);
export type BookingIdsBody = Static<typeof BookingIdsBody>;
export const BookingBulkResult = Type.Object({ updated: Type.Integer({ minimum: 0 }) });

/** GET /admin/bookings/:id/slip: the slip at a signed address that works until `urlExpiresAt`. */
export const BookingSlipLink = Type.Object({ url: Type.String(), urlExpiresAt: Time() });

/** sendMailById: the booking e-mail in the language asked for. */
export const BookingMailBody = Type.Object(
  { lang: Type.Optional(Type.Union([Type.Literal('th'), Type.Literal('en')])) },
  { additionalProperties: false },
);
export const BookingMailResult = Type.Object({ result: Type.Boolean() });

// ---------- book delivery (member) ----------

/** A delivery request's state (the domain's transition table says which moves are allowed). */
export const BOOK_DELIVERY_STATES = ['address_needed', 'requested', 'dispatched', 'cancelled'] as const;
export type BookDeliveryState = (typeof BOOK_DELIVERY_STATES)[number];
export const BookDeliveryStateSchema = Type.Union(BOOK_DELIVERY_STATES.map((s) => Type.Literal(s)));

/** The book-delivery address dialog (spec 01 §2, §5): save or edit while the book is not sent. */
export const BookAddressBody = Type.Object(
  {
    fullname: AddressBody.properties.fullname,
    tel: AddressBody.properties.tel,
    ...BookingAddressFields,
    note: OptionalNote(),
  },
  { additionalProperties: false },
);
export type BookAddressBody = Static<typeof BookAddressBody>;

export const BookAddressView = Type.Object({
  fullname: Type.String(),
  tel: Type.String(),
  ...BookingAddressView,
  note: ReadText(),
});
export type BookAddressView = Static<typeof BookAddressView>;

export const BookDeliveryView = Type.Object(
  {
    orderId: Uuid(),
    orderNo: Type.Integer(),
    productId: Uuid(),
    productTitle: Type.String(),
    /** the courses the order granted: the side panel's button shows for the selected one */
    courseIds: Type.Array(Type.String()),
    state: BookDeliveryStateSchema,
    address: Type.Union([BookAddressView, Type.Null()]),
    /** orders' dispatch flag as last heard */
    bookSend: BookDispatchSchema,
    tracking: ReadText(),
    dispatchedAt: Type.Union([Time(), Type.Null()]),
    updatedAt: Time(),
  },
  { $id: 'BookDelivery' },
);
export type BookDeliveryView = Static<typeof BookDeliveryView>;
export const BookDeliveriesView = Type.Object({ items: Type.Array(BookDeliveryView) });
export type BookDeliveriesView = Static<typeof BookDeliveriesView>;

// ---------- events ----------

const BookingPerson = {
  bookingId: Uuid(),
  productId: Uuid(),
  productTitle: Type.String(),
  userId: ReadText(),
  email: Type.String(),
  name: Type.String(),
  lname: Type.String(),
};

/** A booking was made with a key (no phone: it stays sealed in bookings). */
export const BookingCreated = defineEvent(
  'bookings.booking.created',
  1,
  Type.Object({
    ...BookingPerson,
    key: Type.String(),
    hasSlip: Type.Boolean(),
    amount: Type.Union([Satang(), Type.Null()]),
    createdAt: Time(),
  }),
);

/** Staff confirmed a booking (booking_confirm N → Y); once per booking. */
export const BookingConfirmed = defineEvent(
  'bookings.booking.confirmed',
  1,
  Type.Object({ ...BookingPerson, confirmedBy: Type.String(), confirmedAt: Time() }),
);

/**
 * Staff took a booking's confirmation back (booking_confirm Y → N, by an update): it waits for
 * confirmation again; confirming it again sends `bookings.booking.confirmed` anew. Readers keep the
 * newest of `confirmedAt` / `unconfirmedAt` (D146).
 */
export const BookingUnconfirmed = defineEvent(
  'bookings.booking.unconfirmed',
  1,
  Type.Object({ ...BookingPerson, unconfirmedBy: Type.String(), unconfirmedAt: Time() }),
);

/** Staff deleted a booking (its slip went with it): it no longer waits for anything (D146). */
export const BookingDeleted = defineEvent(
  'bookings.booking.deleted',
  1,
  Type.Object({ ...BookingPerson, deletedBy: Type.String(), deletedAt: Time() }),
);

/** sendMailById: notifications sends the booking e-mail to the person who booked. */
export const BookingMailRequested = defineEvent(
  'bookings.booking.mail-requested',
  1,
  Type.Object({
    ...BookingPerson,
    status: BookingStatusSchema,
    confirm: YesNoSchema,
    quantity: Type.Integer(),
    lang: Type.Union([Type.Literal('th'), Type.Literal('en')]),
    requestedBy: Type.String(),
    requestedAt: Time(),
  }),
);

/**
 * A member gave (or changed) the address for a paid order's book. orders keeps it for its dispatch
 * list; the newest `requestedAt` wins.
 */
export const BookRequested = defineEvent(
  'bookings.book.requested',
  1,
  Type.Object({
    orderId: Uuid(),
    userId: Type.String(),
    productId: Uuid(),
    fullname: Type.String(),
    tel: Type.String(),
    /** the address on one line: house, sub-district, district, province, zip (Thai names) */
    addressText: Type.String(),
    zip: Type.String(),
    note: ReadText(),
    requestedAt: Time(),
  }),
);

export const BOOKINGS_EVENTS = [
  BookingCreated,
  BookingConfirmed,
  BookingUnconfirmed,
  BookingDeleted,
  BookingMailRequested,
  BookRequested,
];
