import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { addDays, bangkokDay, type InsightBucket } from '@rian/proto-contracts/insights';
import { useStaffStore } from '@/stores/staff-store';
import { formatTHB } from '@/lib/format';
import { LazyDayBarChart } from '@/components/ui/lazy-day-bar-chart';
import { useDashboard } from '../api/get-dashboard';
import '../i18n';

/** Each range: its bucket and how many Bangkok days back from today it reaches. */
const RANGES: Record<InsightBucket, number> = { day: 14, week: 12 * 7, month: 365 };

/** /admin/ — the staff dashboard (issue 20): figures for a Bangkok range, each card linking to its list. */
export function AdminDashboardRoute() {
  const { t } = useTranslation();
  const staff = useStaffStore((s) => s.staff);
  const [bucket, setBucket] = useState<InsightBucket>('day');
  const to = bangkokDay(new Date());
  const from = addDays(to, -(RANGES[bucket] - 1));
  const { data, isError } = useDashboard({ from, to, bucket });
  const v = (n: number | null | undefined) => (data ? (n ?? '–') : '–');
  const money = (n: number | undefined) => (data && n !== undefined ? formatTHB(n) : '–');
  const cards: { to: string; label: string; value: string | number; testId: string }[] = [
    {
      to: '/admin/orders',
      label: t('admin.dashboard.sales'),
      value: money(data?.sales.total.net),
      testId: 'stat-sales',
    },
    {
      to: '/admin/orders',
      label: t('admin.dashboard.paidOrders'),
      value: v(data?.sales.total.orders),
      testId: 'stat-paid-orders',
    },
    {
      to: '/admin/orders',
      label: t('admin.dashboard.discounts'),
      value: money(data?.sales.total.discounts),
      testId: 'stat-discounts',
    },
    {
      to: '/admin/orders',
      label: t('admin.dashboard.ordersWaiting'),
      value: v(data?.waiting.ordersWaiting),
      testId: 'stat-orders-waiting',
    },
    {
      to: '/admin/ordersConfirm',
      label: t('admin.dashboard.slipsToReview'),
      value: v(data?.waiting.slipsToReview),
      testId: 'stat-slips',
    },
    {
      to: '/admin/coupon',
      label: t('admin.dashboard.couponsUsed'),
      value: v(data?.couponsUsed),
      testId: 'stat-coupons',
    },
    {
      to: '/admin/user',
      label: t('admin.dashboard.newMembers'),
      value: v(data?.members.newMembers),
      testId: 'stat-new-members',
    },
    {
      to: '/admin/user',
      label: t('admin.dashboard.premiumConversions'),
      value: v(data?.members.premiumConversions),
      testId: 'stat-premium',
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
      {isError && <p role="alert">{t('admin.dashboard.failed')}</p>}
      <div className="stat-grid">
        {cards.map((c) => (
          <Link key={c.testId} to={c.to} className="stat">
            <span className="stat__label">{c.label}</span>
            <span className="stat__value" data-testid={c.testId}>
              {c.value}
            </span>
          </Link>
        ))}
      </div>
      {data && (
        <div className="dash-charts">
          <LazyDayBarChart
            loadingLabel={t('admin.dashboard.loadingChart')}
            title={t('admin.dashboard.salesChart')}
            valueLabel={t('admin.dashboard.baht')}
            testId="chart-sales"
            bars={data.sales.series.map((p) => ({ label: p.bucket, value: p.net / 100 }))}
          />
          <LazyDayBarChart
            loadingLabel={t('admin.dashboard.loadingChart')}
            title={t('admin.dashboard.membersChart')}
            valueLabel={t('admin.dashboard.newMembers')}
            testId="chart-members"
            counts
            bars={data.members.series.map((p) => ({ label: p.bucket, value: p.newMembers }))}
          />
        </div>
      )}
    </>
  );
}
