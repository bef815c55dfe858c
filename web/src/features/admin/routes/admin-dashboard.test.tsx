import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DashboardAnswer } from '@rian/proto-contracts/insights';
import type { LiveViewersNow } from '@rian/proto-contracts/learning-live';
import { json, mockApi, problem, renderWithProviders } from '@/testing/render';
import { useStaffStore } from '@/stores/staff-store';
import { AdminDashboardRoute } from './admin-dashboard';

// the chart as text: "label=value" (and "/second" when there is a second series), named as the page names it
vi.mock('@/components/ui/day-bar-chart', () => ({
  default: ({
    bars,
    testId,
    labelledBy,
    second,
  }: {
    bars: { label: string; value: number }[];
    testId: string;
    labelledBy?: string;
    second?: { values: number[] };
  }) => (
    <figure data-testid={testId} role="img" aria-labelledby={labelledBy}>
      {bars.map((b, i) => `${b.label}=${b.value}${second ? `/${second.values[i]}` : ''}`).join('|')}
    </figure>
  ),
}));

const answer = (bucket: 'day' | 'week' | 'month'): DashboardAnswer => ({
  from: '2026-03-01',
  to: '2026-03-14',
  bucket,
  sales: {
    total: { orders: 3, gross: 349_000, discounts: 30_000, net: 319_000 },
    series: [
      { bucket: '2026-03-01', orders: 2, gross: 250_000, discounts: 30_000, net: 220_000 },
      { bucket: '2026-03-02', orders: 1, gross: 99_000, discounts: 0, net: 99_000 },
    ],
    byPaymentType: [
      { key: '4', orders: 2, net: 220_000 },
      { key: '1', orders: 1, net: 99_000 },
    ],
    byProduct: [
      { key: 'p-workshop', name: 'Price Action Mastery', orders: 2, net: 220_000 },
      { key: 'p-unnamed', orders: 1, net: 99_000 },
    ],
  },
  waiting: { ordersWaiting: 12, slipsToReview: 1, booksToDispatch: 2 },
  couponsUsed: 1,
  members: {
    newMembers: 1_204,
    premiumConversions: 7,
    series: [
      { bucket: '2026-03-01', newMembers: 1_200, premiumConversions: 5 },
      { bucket: '2026-03-02', newMembers: 4, premiumConversions: 2 },
    ],
  },
  bookings: { made: 5, toConfirm: 2 },
  learning: {
    activeThisWeek: 9,
    // 5 400 s + 7 020 s = 12 420 s = 3.45 h → "3.5"; the days: 1.5 h and 1.95 h → 2
    watchSeconds: 12_420,
    sessionsToday: 4,
    checkIns: 6,
    series: [
      { bucket: '2026-03-01', watchSeconds: 5_400, checkIns: 2 },
      { bucket: '2026-03-02', watchSeconds: 7_020, checkIns: 4 },
    ],
  },
});

const viewersNow: LiveViewersNow = {
  viewers: 3,
  streams: [{ streamId: '6f1c1f4e-8d3f-4a59-9b59-1a2b3c4d5e6f', name: 'Morning live', viewers: 3 }],
};

let asked: URL[] = [];
function serve({ viewers = true, dashboard = answer as (b: 'day') => unknown } = {}) {
  asked = [];
  mockApi({
    'GET /api/insights/admin/dashboard': (url) => {
      asked.push(url);
      return json(200, dashboard((url.searchParams.get('bucket') ?? 'day') as 'day'));
    },
    'GET /api/learning/admin/live-streams/viewers-now': viewers
      ? json(200, viewersNow)
      : problem(503, 'http.unavailable', 'learning is down'),
  });
}

beforeEach(() => {
  serve();
  useStaffStore
    .getState()
    .setSession('staff-jwt', { id: 's1', username: 'boss', name: 'Boss', role: 'staff' });
});

const text = (testId: string) => screen.getByTestId(testId).textContent;
const href = (testId: string) => screen.getByTestId(`${testId}-link`).getAttribute('href');

describe('/admin — the staff dashboard', () => {
  it('shows every figure under its heading, each card linking to the list that holds it', async () => {
    renderWithProviders(<AdminDashboardRoute />);
    await vi.waitFor(() => expect(text('stat-paid-orders')).toBe('3'));
    await vi.waitFor(() => expect(text('stat-live-viewers')).toBe('3'));
    const from = asked[0]!.searchParams.get('from')!;
    const to = asked[0]!.searchParams.get('to')!;
    const paidInRange = `/admin/orders?status=paid&from=${from}&to=${to}`;

    const expected: [group: string, testId: string, value: string, link: string][] = [
      ['ยอดขาย', 'stat-sales', '฿3,190.00', paidInRange],
      ['ยอดขาย', 'stat-paid-orders', '3', paidInRange],
      ['ยอดขาย', 'stat-gross', '฿3,490.00', paidInRange],
      ['ยอดขาย', 'stat-discounts', '฿300.00', paidInRange],
      ['ยอดขาย', 'stat-coupons', '1', '/admin/coupon'],
      ['งานที่รอ', 'stat-orders-waiting', '12', '/admin/orders?status=wait'],
      ['งานที่รอ', 'stat-slips', '1', '/admin/ordersConfirm'],
      ['งานที่รอ', 'stat-books-to-dispatch', '2', '/admin/orders?book=toSend'],
      ['สมาชิก', 'stat-new-members', '1,204', '/admin/user'],
      ['สมาชิก', 'stat-premium', '7', '/admin/user?status=Premium'],
      ['การเรียน', 'stat-active-week', '9', '/admin/user'],
      ['การเรียน', 'stat-watch-hours', '3.5 ชม.', '/admin/video'],
      ['การเรียน', 'stat-sessions-today', '4', '/admin/courses'],
      ['การเรียน', 'stat-checkins', '6', '/admin/userChecking'],
      ['การเรียน', 'stat-live-viewers', '3', '/admin/liveStreaming'],
      ['การจอง', 'stat-bookings-made', '5', '/admin/userCourseBooking'],
      ['การจอง', 'stat-bookings-to-confirm', '2', '/admin/userCourseBooking?confirm=N'],
    ];
    for (const [group, testId, value, link] of expected) {
      const section = screen.getByRole('region', { name: group });
      expect(within(section).getByTestId(testId).textContent, testId).toBe(value);
      expect(href(testId), testId).toBe(link);
    }
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'ยอดขาย',
      'งานที่รอ',
      'สมาชิก',
      'การเรียน',
      'การจอง',
    ]);
    // the daily range: the last 14 Bangkok days
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(13);
    expect(asked[0]!.searchParams.get('bucket')).toBe('day');
  });

  it('draws each chart under a visible heading that names it: sales in baht, payment types by name, hours', async () => {
    renderWithProviders(<AdminDashboardRoute />);
    const chart = async (name: string) => {
      expect(screen.getByRole('heading', { level: 3, name })).toBeTruthy();
      return (await screen.findByRole('img', { name })).textContent;
    };
    await screen.findByTestId('chart-sales');
    expect(await chart('ยอดขายสุทธิตามช่วงเวลา')).toBe('2026-03-01=2200|2026-03-02=990');
    expect(await chart('ยอดขายสุทธิตามวิธีชำระเงิน')).toBe('โอนเงินผ่านธนาคาร=2200|บัตรเครดิต/เดบิต=990');
    // a product without a name (not heard yet) shows its id
    expect(await chart('ยอดขายสุทธิตามสินค้า')).toBe('Price Action Mastery=2200|p-unnamed=990');
    expect(await chart('สมาชิกใหม่และการซื้อ Premium ตามช่วงเวลา')).toBe('2026-03-01=1200/5|2026-03-02=4/2');
    expect(await chart('ชั่วโมงการรับชมตามช่วงเวลา')).toBe('2026-03-01=1.5|2026-03-02=2');
    expect(await chart('การเช็กอินตามช่วงเวลา')).toBe('2026-03-01=2|2026-03-02=4');
  });

  it('shows "–" for live viewers when learning does not answer; the other figures still show', async () => {
    const { queryClient } = renderWithProviders(<AdminDashboardRoute />);
    const viewersKey = ['admin', 'learning', 'live-viewers-now'];
    const viewersStatus = () =>
      queryClient.getQueryCache().find({ queryKey: viewersKey, exact: false })?.state.status;
    await vi.waitFor(() => expect(text('stat-live-viewers')).toBe('3'));
    // learning stops answering: the next read (every 30 s; asked for at once here) fails
    serve({ viewers: false });
    await queryClient.refetchQueries({ queryKey: viewersKey });
    await vi.waitFor(() => expect(viewersStatus()).toBe('error'));
    await vi.waitFor(() => expect(text('stat-live-viewers')).toBe('–'));
    expect(href('stat-live-viewers')).toBe('/admin/liveStreaming');
    expect(text('stat-sessions-today')).toBe('4');
  });

  it('shows "–" for live viewers when learning never answered', async () => {
    serve({ viewers: false });
    const { queryClient } = renderWithProviders(<AdminDashboardRoute />);
    await vi.waitFor(() => expect(text('stat-sessions-today')).toBe('4'));
    await vi.waitFor(() =>
      expect(
        queryClient
          .getQueryCache()
          .find({ queryKey: ['admin', 'learning', 'live-viewers-now'], exact: false })?.state.status,
      ).toBe('error'),
    );
    expect(text('stat-live-viewers')).toBe('–');
  });

  it('shows "–" (not 0) for figures an older insights answer lacks', async () => {
    serve({
      dashboard: (b) => {
        const { learning: _learning, bookings: _bookings, ...rest } = answer(b);
        return { ...rest, waiting: { ordersWaiting: 12, slipsToReview: 1, booksToDispatch: null } };
      },
    });
    renderWithProviders(<AdminDashboardRoute />);
    await vi.waitFor(() => expect(text('stat-paid-orders')).toBe('3'));
    for (const id of [
      'stat-books-to-dispatch',
      'stat-active-week',
      'stat-watch-hours',
      'stat-sessions-today',
      'stat-checkins',
      'stat-bookings-made',
      'stat-bookings-to-confirm',
    ]) {
      expect(text(id), id).toBe('–');
    }
    expect(text('stat-orders-waiting')).toBe('12');
  });

  it('says so when there are no sales by payment type in the range', async () => {
    serve({
      dashboard: (b) => {
        const a = answer(b);
        return { ...a, sales: { ...a.sales, byPaymentType: [], byProduct: [] } };
      },
    });
    renderWithProviders(<AdminDashboardRoute />);
    const section = await screen.findByRole('region', { name: 'ยอดขายสุทธิตามวิธีชำระเงิน' });
    expect(section.textContent).toContain('ยังไม่มียอดขายในช่วงนี้');
    expect(screen.queryByTestId('chart-by-payment')).toBeNull();
  });

  it('asks for weekly buckets when staff pick the weekly range', async () => {
    renderWithProviders(<AdminDashboardRoute />);
    await screen.findByTestId('stat-paid-orders');
    await userEvent.click(screen.getByRole('button', { name: 'รายสัปดาห์' }));
    await vi.waitFor(() => expect(asked.some((u) => u.searchParams.get('bucket') === 'week')).toBe(true));
    expect(screen.getByRole('button', { name: 'รายสัปดาห์' })?.getAttribute('aria-pressed')).toBe('true');
  });
});
