import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MemberWatchDetail, VideoStatisticsView } from '@rian/proto-contracts/learning-watch';
import { json, mockApi, renderWithProviders } from '@/testing/render';
import { makeUser } from '@/testing/fixtures';
import { useStaffStore } from '@/stores/staff-store';
import { AdminUserWatchRoute } from './admin-user-watch';
import { AdminUsersRoute } from './admin-users';

vi.mock('@/components/ui/day-bar-chart', () => ({
  default: ({ bars, testId }: { bars: { label: string; value: number }[]; testId: string }) => (
    <figure data-testid={testId}>{bars.map((b) => `${b.label}=${b.value}`).join('|')}</figure>
  ),
}));

const COURSE = '00000000-0000-4000-8000-0000000000c1';
const V1 = '10000000-0000-4000-8000-000000000001';
const V2 = '10000000-0000-4000-8000-000000000002';
const progress = (
  videoId: string,
  name: string,
  over: Partial<MemberWatchDetail['videos'][number]> = {},
) => ({
  videoId,
  sessionId: null,
  courseId: COURSE,
  name,
  durationSeconds: 600,
  secondsWatched: 125,
  coverage: 0.25,
  lastPosition: 150,
  furthestPosition: 150,
  lastViewedAt: '2026-11-26T03:00:00Z',
  ended: false,
  todaySeconds: 0,
  ...over,
});
const playback = (over: Partial<VideoStatisticsView>): VideoStatisticsView => ({
  id: '40000000-0000-4000-8000-000000000001',
  userId: 'u1',
  videoId: V1,
  sessionId: null,
  courseId: COURSE,
  productId: null,
  timeStart: 0,
  timeEnd: 150,
  curTimeEnd: 150,
  timeTotal: 125,
  pauseTotal: 2,
  endTotal: 0,
  threeMinTotal: 0,
  fiveMinTotal: 0,
  tenMinTotal: 0,
  visitDate: '2026-11-26',
  event: null,
  count: 1,
  device: 'Chrome · Windows',
  startedAt: '2026-11-26T02:58:00Z',
  lastBeatAt: '2026-11-26T03:00:00Z',
  ...over,
});
const detail: MemberWatchDetail = {
  userId: 'u1',
  videos: [
    progress(V1, 'Candlesticks'),
    progress(V2, 'Risk', { secondsWatched: 600, coverage: 1, ended: true }),
  ],
  days: [
    { day: '2026-11-25', videoId: V2, seconds: 600 },
    { day: '2026-11-26', videoId: V1, seconds: 60 },
    { day: '2026-11-26', videoId: V2, seconds: 30 },
  ],
  playbacks: [
    playback({}),
    playback({ id: '40000000-0000-4000-8000-000000000002', videoId: V2, event: 'Ended', device: null }),
  ],
};
const member = makeUser({ id: 'u1', email: 'somchai@example.com', firstName: 'สมชาย', lastName: 'ใจดี' });

function renderStaff(path: string) {
  useStaffStore
    .getState()
    .setSession('staff-jwt', { id: 's1', username: 'boss', name: 'Boss', role: 'staff' });
  return renderWithProviders(<></>, {
    path,
    routes: [
      { path: 'admin/user', Component: AdminUsersRoute },
      { path: 'admin/user/:id/watch', Component: AdminUserWatchRoute },
    ],
  });
}

beforeEach(() => {
  mockApi({
    'GET /api/auth/admin/users': json(200, {
      items: [member, makeUser({ id: 'u2', email: 'suda@example.com' })],
      page: 1,
      pageSize: 20,
      total: 2,
    }),
    'GET /api/auth/admin/users/u1': json(200, { user: member, addresses: [] }),
    'GET /api/learning/admin/stats/members/u1': json(200, detail),
    'GET /api/learning/admin/stats/devices': json(200, {
      items: [{ userId: 'u1', day: '2026-11-26', devices: 4, ips: 2, takeOvers: 1 }],
    }),
  });
});

describe('staff: a member’s viewing', () => {
  it('flags today’s many-devices accounts on /admin/user and links each member to their viewing', async () => {
    const { router } = renderStaff('/admin/user');
    const rows = await screen.findAllByTestId('users-row');
    const flag = await within(rows[0]!).findByTestId('users-device-flag');
    expect(flag.textContent).toContain('หลายอุปกรณ์');
    expect(flag.textContent).toContain('วันนี้ 4 อุปกรณ์, 2 IP, ถูกแย่งเล่น 1 ครั้ง');
    expect(within(rows[1]!).queryByTestId('users-device-flag')).toBeNull();

    await userEvent.click(within(rows[0]!).getByRole('link', { name: 'สถิติการดูของ somchai@example.com' }));
    expect(router.state.location.pathname).toBe('/admin/user/u1/watch');
    expect(await screen.findByTestId('user-watch-who')).toHaveProperty(
      'textContent',
      'สมชาย ใจดี · somchai@example.com',
    );
  });

  it('shows per video, minutes per day over all videos, and every playback', async () => {
    renderStaff('/admin/user/u1/watch');
    const videos = await screen.findByTestId('user-watch-videos');
    const [first, second] = within(videos).getAllByTestId('user-watch-videos-row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Candlesticks', '2:05', '25%', '2:30 / 10:00', expect.stringContaining('2026'), '–']);
    expect(within(second!).getByRole('progressbar').getAttribute('value')).toBe('100');
    expect(within(second!).getByText('ใช่')).toBeTruthy();

    expect((await screen.findByTestId('user-watch-chart')).textContent).toBe(
      '25 พ.ย. 2026=10|26 พ.ย. 2026=1.5',
    );
    const playbacks = within(screen.getByTestId('user-watch-playbacks')).getAllByTestId(
      'user-watch-playbacks-row',
    );
    expect(playbacks).toHaveLength(2);
    expect(playbacks[0]!.textContent).toContain('Chrome · Windows');
    expect(playbacks[1]!.textContent).toContain('Risk');
  });

  it('says when the member has not watched anything', async () => {
    mockApi({
      'GET /api/auth/admin/users/u1': json(200, { user: member, addresses: [] }),
      'GET /api/learning/admin/stats/members/u1': json(200, {
        userId: 'u1',
        videos: [],
        days: [],
        playbacks: [],
      }),
    });
    renderStaff('/admin/user/u1/watch');
    expect((await screen.findByTestId('user-watch-empty')).textContent).toBe('สมาชิกคนนี้ยังไม่ได้ดูวิดีโอ');
    expect(screen.queryByTestId('user-watch-videos')).toBeNull();
  });
});
