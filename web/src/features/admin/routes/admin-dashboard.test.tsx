import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DashboardAnswer } from '@rian/proto-contracts/insights';
import { json, mockApi, renderWithProviders } from '@/testing/render';
import { useStaffStore } from '@/stores/staff-store';
import { AdminDashboardRoute } from './admin-dashboard';

vi.mock('@/components/ui/day-bar-chart', () => ({
  default: ({ bars, testId }: { bars: { label: string; value: number }[]; testId: string }) => (
    <figure data-testid={testId}>{bars.map((b) => `${b.label}=${b.value}`).join('|')}</figure>
  ),
}));

const answer = (bucket: 'day' | 'week' | 'month'): DashboardAnswer => ({
  from: '2026-03-01',
  to: '2026-03-14',
  bucket,
  sales: {
    total: { orders: 2, gross: 249_000, discounts: 30_000, net: 219_000 },
    series: [
      { bucket: '2026-03-01', orders: 1, gross: 150_000, discounts: 30_000, net: 120_000 },
      { bucket: '2026-03-02', orders: 1, gross: 99_000, discounts: 0, net: 99_000 },
    ],
    byPaymentType: [],
    byProduct: [],
  },
  waiting: { ordersWaiting: 3, slipsToReview: 1, booksToDispatch: null },
  couponsUsed: 1,
  members: {
    newMembers: 4,
    premiumConversions: 1,
    series: [{ bucket: '2026-03-02', newMembers: 4, premiumConversions: 1 }],
  },
  bookings: { made: null },
  learning: {
    activeThisWeek: null,
    watchSeconds: null,
    sessionsToday: null,
    checkIns: null,
    liveViewersNow: null,
  },
});

let asked: URL[] = [];
beforeEach(() => {
  asked = [];
  mockApi({
    'GET /api/insights/admin/dashboard': (url) => {
      asked.push(url);
      return json(200, answer((url.searchParams.get('bucket') ?? 'day') as 'day'));
    },
  });
  useStaffStore
    .getState()
    .setSession('staff-jwt', { id: 's1', username: 'boss', name: 'Boss', role: 'staff' });
});

describe('/admin — the staff dashboard', () => {
  it('shows the figures as cards linking to their lists, and the sales chart in baht', async () => {
    renderWithProviders(<AdminDashboardRoute />);
    await vi.waitFor(() => expect(screen.getByTestId('stat-paid-orders').textContent).toBe('2'));
    expect(screen.getByTestId('stat-sales').textContent).toContain('2,190');
    expect(screen.getByTestId('stat-slips').closest('a')?.getAttribute('href')).toBe('/admin/ordersConfirm');
    expect(screen.getByTestId('stat-new-members').textContent).toContain('4');
    expect((await screen.findByTestId('chart-sales')).textContent).toContain(
      '2026-03-01=1200|2026-03-02=990',
    );
    // the daily range: the last 14 Bangkok days
    const first = asked[0]!;
    expect(first.searchParams.get('bucket')).toBe('day');
    const days =
      (Date.parse(first.searchParams.get('to')!) - Date.parse(first.searchParams.get('from')!)) / 86_400_000;
    expect(days).toBe(13);
  });

  it('asks for weekly buckets when staff pick the weekly range', async () => {
    renderWithProviders(<AdminDashboardRoute />);
    await screen.findByTestId('stat-paid-orders');
    await userEvent.click(screen.getByRole('button', { name: 'รายสัปดาห์' }));
    await vi.waitFor(() => expect(asked.some((u) => u.searchParams.get('bucket') === 'week')).toBe(true));
    expect(screen.getByRole('button', { name: 'รายสัปดาห์' })?.getAttribute('aria-pressed')).toBe('true');
  });
});
