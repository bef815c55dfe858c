import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionMember } from '@rian/proto-contracts/learning-content';
import type { ReplayCall, ReplayCallList } from '@rian/proto-contracts/learning-live';
import type { SessionView, VideoPlayback } from '@rian/proto-contracts/learning-member';
import { json, mockApi, renderWithProviders } from '@/testing/render';
import { makeUser } from '@/testing/fixtures';
import { useAuthStore } from '@/stores/auth-store';
import { MemberLessonRoute } from './member-lesson';

vi.mock('hls.js', () => {
  class Hls {
    static isSupported = () => true;
    static Events = { ERROR: 'hlsError' };
    on() {}
    loadSource() {}
    attachMedia() {}
    destroy() {}
  }
  return { default: Hls };
});

const COURSE = '00000000-0000-4000-8000-0000000000c1';
const BROADCAST = '00000000-0000-4000-8000-0000000000b1';
const sid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

const session = (n: number, title: string): SessionMember => ({
  id: sid(n),
  courseId: COURSE,
  type: 'video',
  item: n,
  title,
  detail: null,
  date: '2026-11-26',
  start: null,
  to: null,
  close: 'unlimit',
  checkin: 'N',
  special: 'N',
  rating: 0,
  pdf: null,
  videoId: `10000000-0000-4000-8000-00000000000${n}`,
  zoomRoomId: null,
  liveStreamId: null,
  instructor: null,
});
const video = (n: number, recordingBroadcastId: string | null): VideoPlayback => ({
  id: `10000000-0000-4000-8000-00000000000${n}`,
  courseId: COURSE,
  source: 'upload',
  vimeoId: null,
  hlsUrl: null,
  embedUrl: null,
  assetId: `20000000-0000-4000-8000-00000000000${n}`,
  name: `video ${n}`,
  detail: null,
  item: n,
  durationSeconds: 40,
  playbackUrl: `/api/media/signed/1/s/hls/a${n}/master.m3u8`,
  posterUrl: null,
  expiresAt: null,
  recordingBroadcastId,
});
const replayCall = (seq: number, videoTime: number, symbol: string, side: 'buy' | 'sell'): ReplayCall => ({
  seq,
  streamId: '00000000-0000-4000-8000-0000000000e3',
  kind: 'call',
  courseId: null,
  sessionId: null,
  author: { kind: 'staff', name: 'โค้ช' },
  text: '',
  call: {
    symbol,
    side,
    entry: '1.08345',
    stop: '1.081',
    target: null,
    note: seq === 1 ? 'ซื้อตามแนวรับ' : null,
  },
  streamTime: videoTime,
  broadcastId: BROADCAST,
  createdAt: '2026-11-25T12:00:00.000Z',
  videoTime,
});
const CALLS: ReplayCallList = {
  broadcastId: BROADCAST,
  offsetS: 0,
  items: [
    replayCall(1, 5, 'EURUSD', 'buy'),
    replayCall(2, 15, 'GBPUSD', 'sell'),
    replayCall(3, 30, 'USDJPY', 'buy'),
  ],
};
const lessons = [session(1, 'Replay'), session(2, 'Plain')];
const view = (n: number, recording: string | null): SessionView => ({
  session: lessons[n - 1]!,
  openUntil: null,
  video: video(n, recording),
  documents: [],
  zoomRoom: null,
});

function serve() {
  return mockApi({
    'GET /api/learning/member/lessons': json(200, {
      items: lessons.map((s, i) => ({ session: s, video: video(i + 1, null) })),
    }),
    [`GET /api/learning/member/sessions/${sid(1)}`]: json(200, view(1, BROADCAST)),
    [`GET /api/learning/member/sessions/${sid(2)}`]: json(200, view(2, null)),
    [`GET /api/learning/member/sessions/${sid(1)}/calls`]: json(200, CALLS),
  });
}

function renderLesson(id: string) {
  return renderWithProviders(<></>, {
    path: `/member/video/${id}`,
    routes: [
      { path: 'member', element: <p>MEMBER HOME</p> },
      { path: 'member/video/:id?', Component: MemberLessonRoute },
    ],
  });
}

/** the <video>, with a playhead the test moves (jsdom plays nothing) */
async function media() {
  const element = (await screen.findByTestId('lesson-player')).querySelector('video')!;
  let time = 0;
  const seeks: number[] = [];
  Object.defineProperty(element, 'readyState', { value: 1, configurable: true });
  Object.defineProperty(element, 'currentTime', {
    configurable: true,
    get: () => time,
    set: (t: number) => {
      time = t;
      seeks.push(t);
    },
  });
  const at = (seconds: number) => {
    time = seconds;
    fireEvent.timeUpdate(element);
  };
  return { element, at, seeks };
}

beforeEach(() => {
  useAuthStore.getState().setSession('t', makeUser({ status: 'Premium' }));
});

describe('a recording’s trade calls on the lesson page', () => {
  it('shows each call once playback passes its moment, newest on top; later ones stay hidden', async () => {
    serve();
    renderLesson(sid(1));
    const panel = await screen.findByTestId('replay-calls-panel');
    expect(within(panel).getByRole('heading').textContent).toBe('สัญญาณเทรดจากไลฟ์');
    expect(screen.getByTestId('replay-calls-none')).toBeTruthy();
    expect(panel.textContent).not.toContain('EURUSD');
    const { at } = await media();

    at(4.9);
    expect(screen.queryAllByTestId('replay-call')).toHaveLength(0);
    at(5.2);
    await waitFor(() => expect(screen.getAllByTestId('replay-call')).toHaveLength(1));
    const first = screen.getByTestId('replay-call');
    expect(first.textContent).toContain('EURUSD');
    expect(first.textContent).toContain('ซื้อ');
    expect(first.textContent).toContain('1.08345');
    expect(first.textContent).toContain('ซื้อตามแนวรับ');
    expect(panel.textContent).not.toContain('GBPUSD');

    at(31);
    await waitFor(() => expect(screen.getAllByTestId('replay-call')).toHaveLength(3));
    expect(screen.getAllByTestId('replay-call').map((c) => c.dataset.videoTime)).toEqual(['30', '15', '5']);
    expect(screen.getAllByTestId('replay-call')[0]!.textContent).toContain('USDJPY');
    expect(screen.getAllByTestId('replay-call')[0]!.className).toContain('is-latest');
  });

  it('a call’s button moves the video to its moment (keyboard too), and seeking back hides the later calls', async () => {
    serve();
    renderLesson(sid(1));
    await screen.findByTestId('replay-calls-panel');
    const { element, at, seeks } = await media();
    at(31);
    const button = await screen.findByRole('button', { name: /GBPUSD/ });
    expect(button.getAttribute('aria-label')).toBe('เล่นจาก 0:15 ที่ให้สัญญาณ GBPUSD');
    expect(button.textContent).toBe('0:15');

    await userEvent.click(button);
    expect(seeks).toEqual([15]);
    fireEvent.seeked(element);
    await waitFor(() => expect(screen.getAllByTestId('replay-call')).toHaveLength(2));
    expect(screen.getAllByTestId('replay-call').map((c) => c.dataset.videoTime)).toEqual(['15', '5']);

    // by keyboard: Tab reaches the EURUSD button, Enter seeks
    const eur = screen.getByRole('button', { name: /EURUSD/ });
    eur.focus();
    await userEvent.keyboard('{Enter}');
    expect(seeks).toEqual([15, 5]);
    fireEvent.seeked(element);
    await waitFor(() => expect(screen.getAllByTestId('replay-call')).toHaveLength(1));
  });

  it('asks for calls only when the lesson is a recording: a plain lesson loads none and shows no panel', async () => {
    const fetchMock = serve();
    renderLesson(sid(2));
    await screen.findByTestId('lesson-player');
    await screen.findByTestId('lesson-title');
    expect(screen.queryByTestId('replay-calls-panel')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/calls'))).toBe(false);
  });
});
