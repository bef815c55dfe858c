import { useState, type ComponentProps, type ReactNode } from 'react';
import type adminTexts from '@/locales/th/admin.json';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  addDays,
  bangkokDay,
  type DashboardAnswer,
  type InsightBucket,
} from '@rian/proto-contracts/insights';
import { useStaffStore } from '@/stores/staff-store';
import { formatTHB } from '@/lib/format';
import { LazyDayBarChart } from '@/components/ui/lazy-day-bar-chart';
import { useDashboard } from '../api/get-dashboard';
import { useLiveViewersNow } from '../api/get-live-viewers';
import '@/components/orders/i18n';
import '../i18n';

/** Each range: its bucket and how many Bangkok days back from today it reaches. */
const RANGES: Record<InsightBucket, number> = { day: 14, week: 12 * 7, month: 365 };

type DeepPartial<T> = T extends (infer U)[]
  ? DeepPartial<U>[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;
/**
 * The answer as the page reads it: any figure may be missing or null (an insights service older than
 * the page during a rolling deploy); a missing figure shows "–", never a wrong 0.
 */
type Answer = DeepPartial<DashboardAnswer>;

const grouping = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
/** Seconds → hours in tenths, rounded half up in integers (12 420 s → 3.5). */
export const tenthsOfHour = (seconds: number) => Math.round(seconds / 360) / 10;

const PAYMENT_TYPE_CODES = ['1', '4', '6', '8'] as const;

/** a card's label: a key of admin.dashboard in the locale files */
type DashboardTexts = (typeof adminTexts)['admin']['dashboard'];
type DashboardLabel = {
  [K in keyof DashboardTexts]: DashboardTexts[K] extends string ? K : never;
}[keyof DashboardTexts];
/** what a dashboard chart shows; chart() adds its title, accessible name and loading text */
type BarChartProps = Omit<ComponentProps<typeof LazyDayBarChart>, 'loadingLabel' | 'title' | 'labelledBy'>;
type Card = { id: string; label: string; value: string; to: string };
type Chart = { id: string; title: string; node: ReactNode };

/**
 * /admin/ — the staff dashboard (issue 20, D147): the figures of a Bangkok range under five headings
 * (sales, work waiting, members, learning, bookings), each card a link to the back-office list that
 * holds what it counts, and each heading's charts (chart.js loads with the first chart). Live viewers
 * now come from learning itself, asked every 30 s (D148).
 */
export function AdminDashboardRoute() {
  const { t } = useTranslation();
  const staff = useStaffStore((s) => s.staff);
  const [bucket, setBucket] = useState<InsightBucket>('day');
  const to = bangkokDay(new Date());
  const from = addDays(to, -(RANGES[bucket] - 1));
  const dashboard = useDashboard({ from, to, bucket });
  const viewers = useLiveViewersNow();
  const data = dashboard.data as Answer | undefined;

  const count = (n: unknown) => (isCount(n) ? grouping.format(n) : '–');
  const money = (n: unknown) => (isCount(n) ? formatTHB(n) : '–');
  const hours = (n: unknown) =>
    isCount(n) ? t('admin.dashboard.hoursValue', { hours: oneDecimal.format(tenthsOfHour(n)) }) : '–';
  const viewersNow = viewers.isError ? '–' : count(viewers.data?.viewers);
  const range = new URLSearchParams({ from, to }).toString();
  const loading = t('admin.dashboard.loadingChart');

  const sales = data?.sales;
  const salesSeries = (sales?.series ?? []).filter((p) => p?.bucket);
  const paymentRows = (sales?.byPaymentType ?? []).filter((r) => r?.key);
  const productRows = (sales?.byProduct ?? []).filter((r) => r?.key);
  const memberSeries = (data?.members?.series ?? []).filter((p) => p?.bucket);
  const learningSeries = (data?.learning?.series ?? []).filter((p) => p?.bucket);
  const baht = (satang: number | undefined) => (satang ?? 0) / 100;

  // insights keys sales by orders' payment type code (1 card, 4 transfer, 6 coin, 8 instalments)
  const paymentTypeLabel = (key: string) =>
    (PAYMENT_TYPE_CODES as readonly string[]).includes(key)
      ? t(`orderView.paymentType.${key as (typeof PAYMENT_TYPE_CODES)[number]}`)
      : key;
  const card = (id: string, label: DashboardLabel, value: string, to: string): Card => ({
    id,
    label: t(`admin.dashboard.${label}`),
    value,
    to,
  });
  const empty = <p className="dash-chart__empty">{t('admin.dashboard.noSales')}</p>;
  /** a chart under its h3, which names it; null: nothing sold in the range ("no sales yet") */
  const chart = (id: string, titleKey: DashboardLabel, bars: BarChartProps | null): Chart => {
    const title = t(`admin.dashboard.${titleKey}`);
    return {
      id: `dash-chart-${id}`,
      title,
      node: bars ? (
        <LazyDayBarChart loadingLabel={loading} title={title} labelledBy={`dash-chart-${id}`} {...bars} />
      ) : (
        empty
      ),
    };
  };

  const sections: { id: string; title: string; cards: Card[]; charts: Chart[] }[] = [
    {
      id: 'sales',
      title: t('admin.dashboard.groups.sales'),
      cards: [
        card('stat-sales', 'sales', money(sales?.total?.net), `/admin/orders?status=paid&${range}`),
        card(
          'stat-paid-orders',
          'paidOrders',
          count(sales?.total?.orders),
          `/admin/orders?status=paid&${range}`,
        ),
        card('stat-gross', 'gross', money(sales?.total?.gross), `/admin/orders?status=paid&${range}`),
        card(
          'stat-discounts',
          'discounts',
          money(sales?.total?.discounts),
          `/admin/orders?status=paid&${range}`,
        ),
        card('stat-coupons', 'couponsUsed', count(data?.couponsUsed), '/admin/coupon'),
      ],
      charts: data
        ? [
            chart('sales', 'salesChart', {
              valueLabel: t('admin.dashboard.baht'),
              testId: 'chart-sales',
              bars: salesSeries.map((p) => ({ label: p.bucket!, value: baht(p.net) })),
            }),
            chart(
              'payment',
              'byPaymentChart',
              paymentRows.length
                ? {
                    valueLabel: t('admin.dashboard.baht'),
                    testId: 'chart-by-payment',
                    horizontal: true,
                    bars: paymentRows.map((r) => ({ label: paymentTypeLabel(r.key!), value: baht(r.net) })),
                  }
                : null,
            ),
            chart(
              'product',
              'byProductChart',
              productRows.length
                ? {
                    valueLabel: t('admin.dashboard.baht'),
                    testId: 'chart-by-product',
                    horizontal: true,
                    bars: productRows.map((r) => ({ label: r.name || r.key!, value: baht(r.net) })),
                  }
                : null,
            ),
          ]
        : [],
    },
    {
      id: 'waiting',
      title: t('admin.dashboard.groups.waiting'),
      cards: [
        card(
          'stat-orders-waiting',
          'ordersWaiting',
          count(data?.waiting?.ordersWaiting),
          '/admin/orders?status=wait',
        ),
        card('stat-slips', 'slipsToReview', count(data?.waiting?.slipsToReview), '/admin/ordersConfirm'),
        card(
          'stat-books-to-dispatch',
          'booksToDispatch',
          count(data?.waiting?.booksToDispatch),
          '/admin/orders?book=toSend',
        ),
      ],
      charts: [],
    },
    {
      id: 'members',
      title: t('admin.dashboard.groups.members'),
      cards: [
        card('stat-new-members', 'newMembers', count(data?.members?.newMembers), '/admin/user'),
        card(
          'stat-premium',
          'premiumConversions',
          count(data?.members?.premiumConversions),
          '/admin/user?status=Premium',
        ),
      ],
      charts: data
        ? [
            chart('members', 'membersChart', {
              valueLabel: t('admin.dashboard.newMembers'),
              testId: 'chart-members',
              counts: true,
              bars: memberSeries.map((p) => ({ label: p.bucket!, value: p.newMembers ?? 0 })),
              second: {
                label: t('admin.dashboard.premiumConversions'),
                values: memberSeries.map((p) => p.premiumConversions ?? 0),
              },
            }),
          ]
        : [],
    },
    {
      id: 'learning',
      title: t('admin.dashboard.groups.learning'),
      cards: [
        card('stat-active-week', 'activeThisWeek', count(data?.learning?.activeThisWeek), '/admin/user'),
        card('stat-watch-hours', 'watchHours', hours(data?.learning?.watchSeconds), '/admin/video'),
        card('stat-sessions-today', 'sessionsToday', count(data?.learning?.sessionsToday), '/admin/courses'),
        card('stat-checkins', 'checkIns', count(data?.learning?.checkIns), '/admin/userChecking'),
        card('stat-live-viewers', 'liveViewersNow', viewersNow, '/admin/liveStreaming'),
      ],
      charts:
        data && Array.isArray(data.learning?.series)
          ? [
              chart('watch', 'watchChart', {
                valueLabel: t('admin.dashboard.hours'),
                testId: 'chart-watch',
                bars: learningSeries.map((p) => ({
                  label: p.bucket!,
                  value: tenthsOfHour(p.watchSeconds ?? 0),
                })),
              }),
              chart('checkins', 'checkInsChart', {
                valueLabel: t('admin.dashboard.checkIns'),
                testId: 'chart-checkins',
                counts: true,
                bars: learningSeries.map((p) => ({ label: p.bucket!, value: p.checkIns ?? 0 })),
              }),
            ]
          : [],
    },
    {
      id: 'bookings',
      title: t('admin.dashboard.groups.bookings'),
      cards: [
        card('stat-bookings-made', 'bookingsMade', count(data?.bookings?.made), '/admin/userCourseBooking'),
        card(
          'stat-bookings-to-confirm',
          'bookingsToConfirm',
          count(data?.bookings?.toConfirm),
          '/admin/userCourseBooking?confirm=N',
        ),
      ],
      charts: [],
    },
  ];

  return (
    <>
      <h1 className="admin__heading">{t('admin.dashboard.title')}</h1>
      {staff && <p className="admin__lead">{t('admin.dashboard.welcome', { name: staff.name })}</p>}
      <div className="dash-range" role="group" aria-label={t('admin.dashboard.range')}>
        {(['day', 'week', 'month'] as const).map((b) => (
          <button
            key={b}
            type="button"
            className={`btn ${b === bucket ? 'btn--primary' : 'btn--secondary'}`}
            aria-pressed={b === bucket}
            onClick={() => setBucket(b)}
          >
            {t(`admin.dashboard.bucket.${b}`)}
          </button>
        ))}
        <span className="dash-range__dates">{t('admin.dashboard.between', { from, to })}</span>
      </div>
      {dashboard.isError && <p role="alert">{t('admin.dashboard.failed')}</p>}
      {sections.map((s) => (
        <section
          key={s.id}
          className="dash-group"
          aria-labelledby={`dash-group-${s.id}`}
          data-testid={`dash-group-${s.id}`}
        >
          <h2 className="dash-group__title" id={`dash-group-${s.id}`}>
            {s.title}
          </h2>
          <div className="stat-grid stat-grid--dash">
            {s.cards.map((c) => (
              <Link key={c.id} to={c.to} className="stat" data-testid={`${c.id}-link`}>
                <span className="stat__label">{c.label}</span>
                <span className="stat__value" data-testid={c.id}>
                  {c.value}
                </span>
              </Link>
            ))}
          </div>
          {s.charts.length > 0 && (
            <div className="dash-charts">
              {s.charts.map((c) => (
                <section key={c.id} className="dash-chart" aria-labelledby={c.id}>
                  <h3 className="dash-chart__title" id={c.id}>
                    {c.title}
                  </h3>
                  {c.node}
                </section>
              ))}
            </div>
          )}
        </section>
      ))}
    </>
  );
}
