import { Type, type Static } from '@sinclair/typebox';
import { Satang } from './common.js';
import { X_ERROR } from './errors.js';

/**
 * Insights (issue 20, the staff dashboard; D115–D118). Served by the insights service at
 * /api/insights (port 3110, database rian_insights). Staff only.
 *
 * Every figure comes from read models the insights service keeps from events (orders, payments,
 * auth, bookings, learning); it never reads another service's database. Sales are kept as one
 * aggregate row per Bangkok day (and per payment type, per product), so a read over a year is a
 * sum over at most 366 rows per series, never a scan of orders.
 *
 * `from`/`to` are Bangkok days (YYYY-MM-DD, both included, at most 366 days apart); `bucket`
 * groups the series by Bangkok day, ISO week (starting Monday) or calendar month. A bucket is
 * named by its first day (`YYYY-MM-DD`) — see `bucketStart`.
 */

export const INSIGHT_BUCKETS = ['day', 'week', 'month'] as const;
export type InsightBucket = (typeof INSIGHT_BUCKETS)[number];

/** The longest range a dashboard read may ask for (days, both ends included). */
export const DASHBOARD_MAX_DAYS = 366;

const Day = () =>
  Type.String({ format: 'date', [X_ERROR]: 'validation.format', description: 'a Bangkok day, YYYY-MM-DD' });
const Count = () => Type.Integer({ minimum: 0 });

export const DashboardQuery = Type.Object({
  from: Day(),
  to: Day(),
  bucket: Type.Union(
    INSIGHT_BUCKETS.map((b) => Type.Literal(b)),
    { default: 'day', [X_ERROR]: 'validation.format' },
  ),
});
export type DashboardQuery = Static<typeof DashboardQuery>;

/** Sales in one bucket (or the whole range): paid orders, amounts in satang. */
export const SalesFigures = Type.Object({
  orders: Count(),
  /** Sum of list prices before discounts. */
  gross: Satang(),
  /** Sum of coupon and price-rule discounts. */
  discounts: Satang(),
  /** What members paid: gross − discounts. */
  net: Satang(),
});
export type SalesFigures = Static<typeof SalesFigures>;

export const SalesPoint = Type.Intersect([Type.Object({ bucket: Day() }), SalesFigures]);
export type SalesPoint = Static<typeof SalesPoint>;

export const SalesByKey = Type.Object({
  /** A payment type code (transfer, card, promptpay, …) or a product id. */
  key: Type.String(),
  /** The product's name when the key is a product (as last heard from its events). */
  name: Type.Optional(Type.String()),
  orders: Count(),
  net: Satang(),
});
export type SalesByKey = Static<typeof SalesByKey>;

export const DashboardAnswer = Type.Object({
  from: Day(),
  to: Day(),
  bucket: Type.Union(INSIGHT_BUCKETS.map((b) => Type.Literal(b))),
  sales: Type.Object({
    total: SalesFigures,
    series: Type.Array(SalesPoint),
    byPaymentType: Type.Array(SalesByKey),
    byProduct: Type.Array(SalesByKey),
  }),
  /** Work waiting now (not range-bound): counts that go up and down with the events. */
  waiting: Type.Object({
    ordersWaiting: Count(),
    slipsToReview: Count(),
    /** Paid orders whose member gave a delivery address and that staff have not marked sent. */
    booksToDispatch: Count(),
  }),
  /** Coupon uses within the range. */
  couponsUsed: Count(),
  members: Type.Object({
    newMembers: Count(),
    premiumConversions: Count(),
    series: Type.Array(Type.Object({ bucket: Day(), newMembers: Count(), premiumConversions: Count() })),
  }),
  bookings: Type.Object({
    /** Bookings made (by key) within the range. */
    made: Count(),
    /** Bookings not yet confirmed by staff, now. */
    toConfirm: Count(),
  }),
  learning: Type.Object({
    /** Distinct members who watched or checked in during the 7 Bangkok days ending on `to`. */
    activeThisWeek: Count(),
    /** Seconds members watched within the range (server-credited, all videos), whole seconds. */
    watchSeconds: Count(),
    /** Sessions (any type) dated today, the Bangkok day of the request — not range-bound. */
    sessionsToday: Count(),
    /** Check-ins within the range. */
    checkIns: Count(),
    series: Type.Array(Type.Object({ bucket: Day(), watchSeconds: Count(), checkIns: Count() })),
  }),
});
export type DashboardAnswer = Static<typeof DashboardAnswer>;

const DAY_MS = 86_400_000;
const BANGKOK_OFFSET_MS = 7 * 3_600_000;

/** The Bangkok day (YYYY-MM-DD) an instant falls on. Thailand keeps UTC+7 all year. */
export function bangkokDay(at: Date | string): string {
  const t = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return new Date(t + BANGKOK_OFFSET_MS).toISOString().slice(0, 10);
}

/** The first day of the bucket a Bangkok day belongs to (weeks start on Monday). */
export function bucketStart(day: string, bucket: InsightBucket): string {
  if (bucket === 'day') return day;
  if (bucket === 'month') return `${day.slice(0, 7)}-01`;
  const t = Date.parse(`${day}T00:00:00Z`);
  const weekday = (new Date(t).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return new Date(t - weekday * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  const n = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  return Math.max(0, Math.round(n));
}

/** The day `n` days after `day` (negative: before). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}
