import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionMember, VideoMember } from '@rian/proto-contracts/learning-content';
import type { SessionView, VideoPlayback } from '@rian/proto-contracts/learning-member';
import type { Beat, PlaybackStarted, VideoProgress } from '@rian/proto-contracts/learning-watch';
import { bodiesSentTo, json, mockApi, problem, renderWithProviders } from '@/testing/render';
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

const vimeo = vi.hoisted(() => ({
  players: [] as {
    handlers: Map<string, (data?: unknown) => void>;
    setCurrentTime: ReturnType<typeof vi.fn>;
    pause: ReturnType<typeof vi.fn>;
  }[],
}));
vi.mock('@vimeo/player', () => {
  class Player {
    handlers = new Map<string, (data?: unknown) => void>();
    setCurrentTime = vi.fn(() => Promise.resolve(0));
    pause = vi.fn(() => Promise.resolve());
    constructor() {
      vimeo.players.push(this);
    }
    on(event: string, handler: (data?: unknown) => void) {
      this.handlers.set(event, handler);
    }
    off(event: string) {
      this.handlers.delete(event);
    }
    ready() {
      return Promise.resolve();
    }
  }
  return { default: Player };
});

const COURSE = '00000000-0000-4000-8000-0000000000c1';
const HLS_SESSION = '00000000-0000-4000-8000-000000000001';
const EMBED_SESSION = '00000000-0000-4000-8000-000000000002';
const VIMEO_SESSION = '00000000-0000-4000-8000-000000000003';
const PLAYBACK = '40000000-0000-4000-8000-000000000001';
const BEATS = `/api/learning/member/playbacks/${PLAYBACK}/beats`;

function session(id: string, item: number, title: string): SessionMember {
  return {
    id,
    courseId: COURSE,
    type: 'video',
    item,
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
    videoId: `10000000-0000-4000-8000-00000000000${item}`,
    zoomRoomId: null,
    liveStreamId: null,
    instructor: null,
  };
}
function video(item: number, fields: Partial<VideoPlayback>): VideoPlayback {
  const base: VideoMember = {
    id: `10000000-0000-4000-8000-00000000000${item}`,
    courseId: COURSE,
    source: 'upload',
    vimeoId: null,
    hlsUrl: null,
    embedUrl: null,
    assetId: null,
    name: `video ${item}`,
    detail: null,
    item,
    durationSeconds: 600,
  };
  return {
    ...base,
    playbackUrl: null,
    posterUrl: null,
    expiresAt: null,
    recordingBroadcastId: null,
    ...fields,
  };
}
const sessions = [
  session(HLS_SESSION, 1, 'Candlesticks'),
  session(EMBED_SESSION, 2, 'Risk'),
  session(VIMEO_SESSION, 3, 'Trends'),
];
const videos = [
  video(1, { playbackUrl: '/api/media/hls/a1/master.m3u8?sig=x' }),
  video(2, { source: 'embed', embedUrl: 'https://www.youtube.com/embed/dQw4w9WgXcQ' }),
  video(3, { source: 'vimeo', vimeoId: '76979871' }),
];
const view = (i: number): SessionView => ({
  session: sessions[i]!,
  openUntil: null,
  video: videos[i]!,
  documents: [],
  zoomRoom: null,
});
const started = (over: Partial<PlaybackStarted> = {}): PlaybackStarted => ({
  playbackId: PLAYBACK,
  beatToken: 'beat-token-1',
  videoId: videos[0]!.id,
  resumeAt: 0,
  count: 1,
  beatSeconds: 10,
  leaseSeconds: 45,
  maxRate: 2,
  ...over,
});
const progressOf = (i: number, coverage: number | null): VideoProgress => ({
  videoId: videos[i]!.id,
  sessionId: sessions[i]!.id,
  name: videos[i]!.name,
  durationSeconds: 600,
  secondsWatched: 100,
  coverage,
  lastPosition: 0,
  furthestPosition: 0,
  lastViewedAt: null,
  ended: false,
  todaySeconds: 0,
});
const beatOk = json(200, {
  accepted: true,
  credited: 1,
  playbackSeconds: 1,
  leaseUntil: '2026-11-26T10:00:45Z',
});

type Routes = Parameters<typeof mockApi>[0];
function serve(routes: Routes = {}) {
  return mockApi({
    'GET /api/learning/member/lessons': json(200, {
      items: sessions.map((s, i) => ({ session: s, video: videos[i]! })),
    }),
    [`GET /api/learning/member/sessions/${HLS_SESSION}`]: json(200, view(0)),
    [`GET /api/learning/member/sessions/${EMBED_SESSION}`]: json(200, view(1)),
    [`GET /api/learning/member/sessions/${VIMEO_SESSION}`]: json(200, view(2)),
    'GET /api/learning/member/stats/videos': json(200, { items: [progressOf(0, 0.4)] }),
    'POST /api/learning/member/playbacks': json(201, started()),
    [`POST ${BEATS}`]: beatOk,
    ...routes,
  });
}

function renderLesson(id = HLS_SESSION) {
  return renderWithProviders(<></>, {
    path: `/member/video/${id}`,
    routes: [
      { path: 'member', element: <p>MEMBER HOME</p> },
      { path: 'member/video/:id?', Component: MemberLessonRoute },
    ],
  });
}

/** The page's <video> once the playback is open. */
async function videoElement() {
  const container = await screen.findByTestId('lesson-player');
  expect(container.dataset.player).toBe('hls');
  // findBy resolves on the DOM mutation, before the player's mount effects ran: its "loading" would
  // then overwrite a "playing" fired at once (the fresh-clone CI lost the first beat that way)
  await act(async () => {});
  return container.querySelector('video')!;
}
/** The media clock moving as a browser plays: a timeupdate every 0.25 s of media time. */
function play(v: HTMLVideoElement, from: number, to: number) {
  for (let s = from; s <= to + 1e-9; s += 0.25) {
    Object.defineProperty(v, 'currentTime', { value: s, configurable: true, writable: true });
    fireEvent.timeUpdate(v);
  }
}
/**
 * waitFor polls with setInterval, which these tests fake (the beat clock): this one waits on
 * setTimeout, which stays real.
 */
async function until(check: () => void) {
  for (let i = 0; ; i++) {
    try {
      check();
      return;
    } catch (error) {
      // up to ~10 s of real time: a loaded 2-core CI machine renders slowly
      if (i > 1000) throw error;
      await act(() => new Promise((r) => setTimeout(r, 10)));
    }
  }
}
/** navigator.sendBeacon (jsdom has none) as a spy. */
function stubBeacon() {
  const sendBeacon = vi.fn((_url: string, _body?: BodyInit | null) => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
  return sendBeacon;
}
/** jsdom's Blob has no text() */
const blobText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
const beats = (fetchMock: ReturnType<typeof mockApi>) => bodiesSentTo(fetchMock, 'POST', BEATS) as Beat[];

let pause: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vimeo.players.length = 0;
  useAuthStore.getState().setSession('t', makeUser({ status: 'Premium' }));
  pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'sendBeacon');
});

describe('watch statistics on the lesson page', () => {
  it('opens a playback for the lesson and starts the player at resumeAt', async () => {
    const fetchMock = serve({ 'POST /api/learning/member/playbacks': json(201, started({ resumeAt: 95 })) });
    renderLesson();
    const v = await videoElement();
    expect(bodiesSentTo(fetchMock, 'POST', '/api/learning/member/playbacks')).toEqual([
      { sessionId: HLS_SESSION, device: expect.any(String) },
    ]);
    fireEvent.loadedMetadata(v);
    expect(v.currentTime).toBe(95);
  });

  it('beats on play, every beatSeconds while playing, and at once on pause and seek — played excludes the seek', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const fetchMock = serve();
    renderLesson();
    const v = await videoElement();
    fireEvent.loadedMetadata(v);
    play(v, 0, 0);
    fireEvent.playing(v);
    await until(() => expect(beats(fetchMock)).toHaveLength(1));
    play(v, 0.25, 10);
    act(() => vi.advanceTimersByTime(10_000));
    await until(() => expect(beats(fetchMock)).toHaveLength(2));

    // the member jumps to 200 s and watches 3 s more
    Object.defineProperty(v, 'currentTime', { value: 200, configurable: true, writable: true });
    fireEvent.seeked(v);
    play(v, 200, 203);
    fireEvent.pause(v);
    await until(() => expect(beats(fetchMock)).toHaveLength(4));
    expect(beats(fetchMock)).toEqual([
      { seq: 1, position: 0, played: 0, rate: 1, visible: true, event: 'play' },
      { seq: 2, position: 10, played: 10, rate: 1, visible: true, event: 'tick' },
      { seq: 3, position: 200, played: 0, rate: 1, visible: true, event: 'seek' },
      { seq: 4, position: 203, played: 3, rate: 1, visible: true, event: 'pause' },
    ]);
    // paused: no more ticks, and the lesson list's progress is read again
    act(() => vi.advanceTimersByTime(30_000));
    expect(beats(fetchMock)).toHaveLength(4);
    await until(() =>
      expect(
        fetchMock.mock.calls.filter(([url]) => String(url).includes('/learning/member/stats/videos')),
      ).toHaveLength(2),
    );
  });

  it('says when the tab was hidden', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const fetchMock = serve();
    renderLesson();
    const v = await videoElement();
    fireEvent.playing(v);
    await until(() => expect(beats(fetchMock)).toHaveLength(1));
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    play(v, 0, 10);
    act(() => vi.advanceTimersByTime(10_000));
    await until(() => expect(beats(fetchMock)).toHaveLength(2));
    expect(beats(fetchMock)[1]).toMatchObject({ seq: 2, visible: false, event: 'tick' });
  });

  it('keeps beating after a network failure, with a new seq and the lost beat’s seconds', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let calls = 0;
    const fetchMock = serve({
      [`POST ${BEATS}`]: () => {
        calls += 1;
        if (calls === 2) throw new TypeError('Failed to fetch');
        return beatOk;
      },
    });
    renderLesson();
    const v = await videoElement();
    fireEvent.playing(v);
    // the first beat starts the beat clock: advancing the clock before it is sent moved nothing (CI)
    await until(() => expect(calls).toBe(1));
    play(v, 0, 10);
    act(() => vi.advanceTimersByTime(10_000));
    await until(() => expect(calls).toBe(2));
    play(v, 10.25, 15);
    act(() => vi.advanceTimersByTime(10_000));
    await until(() => expect(calls).toBe(3));
    const sent = beats(fetchMock);
    expect(sent.map((b) => b.seq)).toEqual([1, 2, 3]);
    expect(sent[2]).toMatchObject({ position: 15, played: 15 });
  });

  it('sends the last beat with sendBeacon (beatToken in the body) on pagehide', async () => {
    const sendBeacon = stubBeacon();
    serve();
    renderLesson();
    const v = await videoElement();
    fireEvent.playing(v);
    play(v, 0, 4);
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0]!;
    expect(url).toBe(`/api/learning/member/playbacks/${PLAYBACK}/beacon`);
    expect((body as Blob).type).toBe('application/json');
    expect(JSON.parse(await blobText(body as Blob))).toEqual({
      seq: 2,
      position: 4,
      played: 4,
      rate: 1,
      visible: true,
      event: 'pagehide',
      beatToken: 'beat-token-1',
    });
  });

  it('sends the last beat when the member leaves the lesson, then opens no playback for an embed', async () => {
    const sendBeacon = stubBeacon();
    const fetchMock = serve();
    const { router } = renderLesson();
    await videoElement();
    await act(() => router.navigate(`/member/video/${EMBED_SESSION}`));
    await waitFor(() => expect(screen.getByTestId('lesson-player').dataset.player).toBe('embed'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect(bodiesSentTo(fetchMock, 'POST', '/api/learning/member/playbacks')).toHaveLength(1);
  });

  it('asks "continue here?" when the account plays elsewhere; continuing opens it with takeOver', async () => {
    let opened = 0;
    const fetchMock = serve({
      'POST /api/learning/member/playbacks': () =>
        ++opened === 1
          ? problem(409, 'learning.playback_elsewhere', 'elsewhere', {
              elsewhere: { device: 'Chrome · Windows', videoName: 'Risk', since: '2026-11-26T03:00:00Z' },
            } as never)
          : json(201, started({ resumeAt: 12 })),
    });
    renderLesson();
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('ดูต่อที่นี่หรือไม่');
    const other = within(dialog).getByTestId('continue-here-other').textContent;
    expect(other).toContain('Chrome · Windows');
    expect(other).toContain('Risk');
    expect(screen.queryByTestId('lesson-player')).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'ดูต่อที่นี่' }));
    const v = await videoElement();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(bodiesSentTo(fetchMock, 'POST', '/api/learning/member/playbacks')).toEqual([
      { sessionId: HLS_SESSION, device: expect.any(String) },
      { sessionId: HLS_SESSION, device: expect.any(String), takeOver: true },
    ]);
    fireEvent.loadedMetadata(v);
    expect(v.currentTime).toBe(12);
  });

  it('leaves the player idle when the member cancels; play here then takes over without asking again', async () => {
    const fetchMock = serve({
      'POST /api/learning/member/playbacks': problem(409, 'learning.playback_elsewhere', 'elsewhere', {
        elsewhere: { device: null, videoName: null, since: '2026-11-26T03:00:00Z' },
      } as never),
    });
    renderLesson();
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'ยกเลิก' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const idle = screen.getByTestId('watch-idle');
    expect(screen.queryByTestId('lesson-player')).toBeNull();
    expect(document.querySelector('video')).toBeNull();
    expect(bodiesSentTo(fetchMock, 'POST', '/api/learning/member/playbacks')).toHaveLength(1);

    // changing their mind: "play here" takes over without asking again
    const again = serve();
    await userEvent.click(within(idle).getByRole('button', { name: 'ดูที่นี่แทน' }));
    await videoElement();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(bodiesSentTo(again, 'POST', '/api/learning/member/playbacks')).toEqual([
      { sessionId: HLS_SESSION, device: expect.any(String), takeOver: true },
    ]);
  });

  it('stops the player and says why when a beat answers taken over', async () => {
    const fetchMock = serve({
      [`POST ${BEATS}`]: problem(409, 'learning.playback_taken_over', 'taken over', {
        messages: {
          th: 'บัญชีนี้เริ่มเล่นวิดีโอบนอุปกรณ์อื่นแล้ว การเล่นที่นี่จึงหยุด',
          en: 'This account started playing on another device, so playback here stopped',
        },
      }),
    });
    renderLesson();
    const v = await videoElement();
    fireEvent.playing(v);
    const stopped = await screen.findByTestId('watch-taken-over');
    expect(within(stopped).getByRole('alert').textContent).toBe('บัญชีนี้เริ่มเล่นวิดีโอบนอุปกรณ์อื่นแล้ว การเล่นที่นี่จึงหยุด');
    // the player pauses in an effect after the message's render: wait for it
    await until(() => expect(pause).toHaveBeenCalled());
    // playing again is refused while stopped, and no beat goes out
    pause.mockClear();
    fireEvent.play(v);
    expect(pause).toHaveBeenCalled();
    play(v, 0, 5);
    fireEvent.pause(v);
    expect(beats(fetchMock)).toHaveLength(1);
  });

  it('shows each lesson’s watched share as a labelled progress bar in the list', async () => {
    serve();
    renderLesson();
    const list = await screen.findByTestId('lesson-list');
    const bar = await within(list).findByRole('progressbar', { name: 'ความคืบหน้าของ Candlesticks' });
    expect(bar.getAttribute('value')).toBe('40');
    expect(within(list).getByText('ดูแล้ว 40%')).toBeTruthy();
  });

  it('tracks a Vimeo lesson too: starts at resumeAt, beats from its events, pauses when taken over', async () => {
    let beat = 0;
    const fetchMock = serve({
      'POST /api/learning/member/playbacks': json(201, started({ resumeAt: 30 })),
      [`POST ${BEATS}`]: () =>
        ++beat === 1 ? beatOk : problem(409, 'learning.playback_taken_over', 'taken over'),
    });
    renderLesson(VIMEO_SESSION);
    await waitFor(() => expect(vimeo.players).toHaveLength(1));
    const player = vimeo.players[0]!;
    await waitFor(() => expect(player.setCurrentTime).toHaveBeenCalledWith(30));
    act(() => player.handlers.get('seeked')!({ seconds: 30 }));
    act(() => player.handlers.get('play')!());
    await waitFor(() => expect(beats(fetchMock)).toHaveLength(1));
    act(() => player.handlers.get('playbackratechange')!({ playbackRate: 1.5 }));
    for (let s = 30.25; s <= 34; s += 0.25)
      act(() => player.handlers.get('timeupdate')!({ seconds: s, duration: 600 }));
    act(() => player.handlers.get('pause')!());
    await screen.findByTestId('watch-taken-over');
    expect(beats(fetchMock)).toEqual([
      { seq: 1, position: 30, played: 0, rate: 1, visible: true, event: 'play' },
      { seq: 2, position: 34, played: 4, rate: 1.5, visible: true, event: 'pause' },
    ]);
    expect(player.pause).toHaveBeenCalled();
  });
});
