import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WatchMonth, WatchSummary } from '@rian/proto-contracts/learning-watch';
import { json, mockApi, renderWithProviders } from '@/testing/render';
import { makeHome } from '../testing';
import { makeUser } from '@/testing/fixtures';
import { useAuthStore } from '@/stores/auth-store';
import { useLanguageStore } from '@/stores/language-store';
import { monthBars, WatchSummaryCard } from './watch-dashboard';

// chart.js needs a real canvas: the stand-in shows what the chart was given
vi.mock('@/components/ui/day-bar-chart', () => ({
  default: ({ title, bars }: { title: string; bars: { label: string; value: number }[] }) => (
    <figure data-testid="watch-month-chart" aria-label={title}>
      {bars.map((b) => `${b.label}:${b.value}`).join(' ')}
    </figure>
  ),
}));

const SESSION = '00000000-0000-4000-8000-0000000000d1';
const summary = (over: Partial<WatchSummary> = {}): WatchSummary => ({
  today: '2026-11-26',
  todaySeconds: 42,
  weekSeconds: 1_530,
  monthSeconds: 3_900,
  lastViewed: {
    videoId: '10000000-0000-4000-8000-000000000001',
    sessionId: SESSION,
    name: 'Candlesticks',
    durationSeconds: 600,
    secondsWatched: 300,
    coverage: 0.5,
    lastPosition: 300,
    furthestPosition: 300,
    lastViewedAt: '2026-11-26T03:00:00Z',
    ended: false,
    todaySeconds: 42,
  },
  lessonsStarted: 3,
  lessonsEnded: 1,
  lessonCount: 8,
  ...over,
});
const month: WatchMonth = {
  month: '2026-11',
  totalSeconds: 3_900,
  days: [
    { day: '2026-11-02', seconds: 1_800 },
    { day: '2026-11-26', seconds: 2_100 },
  ],
};

function renderCard() {
  return renderWithProviders(<WatchSummaryCard />, {
    routes: [{ path: 'member/video/:id', element: <p>LESSON</p> }],
  });
}

beforeEach(() => {
  useAuthStore.getState().setSession('t', makeUser({ status: 'Premium' }));
  useLanguageStore.getState().setLanguage('th');
});

describe('the dashboard’s watch figures', () => {
  it('shows today, this week and this month, lessons started and finished, and resumes the last lesson', async () => {
    mockApi({
      'GET /api/learning/member/home': json(200, makeHome({ watch: summary(), watchMonth: month })),
    });
    const { router } = renderCard();
    expect((await screen.findByTestId('watch-today')).textContent).toBe('42 วินาที');
    expect(screen.getByTestId('watch-week').textContent).toBe('25 นาที');
    expect(screen.getByTestId('watch-month').textContent).toBe('1 ชม. 05 นาที');
    expect(screen.getByTestId('watch-lessons').textContent).toBe('บทเรียนที่เริ่มดู 3 / 8 · ดูจบ 1');
    expect(screen.getByTestId('watch-last').textContent).toContain('Candlesticks');
    await userEvent.click(screen.getByRole('link', { name: 'ดูต่อ' }));
    expect(router.state.location.pathname).toBe(`/member/video/${SESSION}`);
  });

  it('draws this month’s minutes by day, every day of the month', async () => {
    mockApi({
      'GET /api/learning/member/home': json(200, makeHome({ watch: summary(), watchMonth: month })),
    });
    renderCard();
    const chart = await screen.findByTestId('watch-month-chart');
    expect(chart.getAttribute('aria-label')).toBe('เวลาเรียนรายวันของเดือนนี้');
    const { unit, bars } = monthBars(month);
    expect(unit).toBe('minutes');
    expect(bars).toHaveLength(30);
    expect(bars[1]).toEqual({ label: '2', value: 30 });
    expect(bars[25]).toEqual({ label: '26', value: 35 });
    expect(bars[0]).toEqual({ label: '1', value: 0 });
    // a month of a few seconds is drawn in seconds
    const short = monthBars({
      month: '2026-02',
      totalSeconds: 42,
      days: [{ day: '2026-02-03', seconds: 42 }],
    });
    expect(short.unit).toBe('seconds');
    expect(short.bars).toHaveLength(28);
    expect(short.bars[2]).toEqual({ label: '3', value: 42 });
  });

  it('says nothing was watched yet, in English too, and draws no chart for an empty month', async () => {
    useLanguageStore.getState().setLanguage('en');
    mockApi({
      'GET /api/learning/member/home': json(
        200,
        makeHome({
          watch: summary({
            todaySeconds: 0,
            weekSeconds: 0,
            monthSeconds: 0,
            lastViewed: null,
            lessonsStarted: 0,
          }),
          watchMonth: null,
        }),
      ),
    });
    renderCard();
    const card = await screen.findByTestId('dashboard-watch');
    expect((await within(card).findByTestId('watch-today')).textContent).toBe('0 s');
    expect(within(card).getByText('You have not started a lesson yet')).toBeTruthy();
    expect(screen.queryByTestId('watch-month-chart')).toBeNull();
  });
});
