import type { EntityManager } from '@rian/kit/db';
import {
  bangkokDay,
  bucketStart,
  type DashboardAnswer,
  type DashboardQuery,
  type InsightBucket,
  type SalesByKey,
  type SalesPoint,
} from '@rian/proto-contracts/insights';
import { readLearningFigures } from './learning-figures.js';
import { readCommerceFigures } from './commerce-figures.js';

type Rows = Record<string, string | number | null>[];
const n = (v: unknown) => Number(v ?? 0);

/**
 * The dashboard read (D115): sums of per-Bangkok-day rows between `from` and `to` (a year is at most
 * 366 rows per table), grouped into buckets here. `now` names today (Asia/Bangkok) for the figures
 * of today; live viewers now are read by the SPA from learning (D142).
 */
export async function readDashboard(
  em: EntityManager,
  q: DashboardQuery,
  now: Date = new Date(),
): Promise<DashboardAnswer> {
  const bucket = q.bucket as InsightBucket;
  const range = [q.from, q.to];
  const days = (await em.execute(
    `select to_char(day, 'YYYY-MM-DD') as day, orders, gross, discounts, net, coupons_used
       from sales_days where day between ? and ? order by day`,
    range,
  )) as Rows;
  const series = new Map<string, SalesPoint>();
  const total = { orders: 0, gross: 0, discounts: 0, net: 0 };
  let couponsUsed = 0;
  for (const r of days) {
    const key = bucketStart(String(r.day), bucket);
    const p = series.get(key) ?? { bucket: key, orders: 0, gross: 0, discounts: 0, net: 0 };
    p.orders += n(r.orders);
    p.gross += n(r.gross);
    p.discounts += n(r.discounts);
    p.net += n(r.net);
    series.set(key, p);
    total.orders += n(r.orders);
    total.gross += n(r.gross);
    total.discounts += n(r.discounts);
    total.net += n(r.net);
    couponsUsed += n(r.coupons_used);
  }
  const byPaymentType = (
    (await em.execute(
      `select payment_type as key, sum(orders)::int as orders, sum(net)::bigint as net
       from sales_payment_days where day between ? and ? group by payment_type order by 3 desc, 1`,
      range,
    )) as Rows
  ).map((r): SalesByKey => ({ key: String(r.key), orders: n(r.orders), net: n(r.net) }));
  const byProduct = (
    (await em.execute(
      `select s.product_id as key, p.name, sum(s.orders)::int as orders, sum(s.net)::bigint as net
       from sales_product_days s left join product_names p using (product_id)
      where s.day between ? and ? group by s.product_id, p.name order by 4 desc, 1 limit 20`,
      range,
    )) as Rows
  ).map((r): SalesByKey => ({
    key: String(r.key),
    ...(r.name ? { name: String(r.name) } : {}),
    orders: n(r.orders),
    net: n(r.net),
  }));
  const [waiting] = (await em.execute(
    `select (select count(*) from orders o where paid_day is null
              and not exists (select 1 from orders_cancelled c where c.order_id = o.order_id))::int as orders_waiting,
            (select count(*) from slips_waiting)::int as slips`,
  )) as Rows;
  const memberRows = (await em.execute(
    `select to_char(day, 'YYYY-MM-DD') as day, new_members, premium_conversions
       from member_days where day between ? and ? order by day`,
    range,
  )) as Rows;
  const memberSeries = new Map<string, { bucket: string; newMembers: number; premiumConversions: number }>();
  let newMembers = 0;
  let premiumConversions = 0;
  for (const r of memberRows) {
    const key = bucketStart(String(r.day), bucket);
    const p = memberSeries.get(key) ?? { bucket: key, newMembers: 0, premiumConversions: 0 };
    p.newMembers += n(r.new_members);
    p.premiumConversions += n(r.premium_conversions);
    memberSeries.set(key, p);
    newMembers += n(r.new_members);
    premiumConversions += n(r.premium_conversions);
  }
  const commerce = await readCommerceFigures(em, q.from, q.to);
  return {
    from: q.from,
    to: q.to,
    bucket,
    sales: { total, series: [...series.values()], byPaymentType, byProduct },
    waiting: {
      ordersWaiting: n(waiting?.orders_waiting),
      slipsToReview: n(waiting?.slips),
      booksToDispatch: commerce.booksToDispatch,
    },
    couponsUsed,
    members: { newMembers, premiumConversions, series: [...memberSeries.values()] },
    bookings: commerce.bookings,
    learning: await readLearningFigures(em, { from: q.from, to: q.to, bucket }, bangkokDay(now)),
  };
}
