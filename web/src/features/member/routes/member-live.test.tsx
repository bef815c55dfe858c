import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LiveComment, LiveCommentReplay, LiveWatch } from '@rian/proto-contracts/learning-live';
import { renderWithProviders } from '@/testing/render';
import { makeUser } from '@/testing/fixtures';
import { useAuthStore } from '@/stores/auth-store';
import { makeHome } from '../testing';
import { FALLBACK_WAIT_MS } from '../components/player/oven-live-player';
import { MemberLiveRoute } from './member-live';

// hls.js is a dynamic import: a stand-in records the playlist the page gave it
const hls = vi.hoisted(() => ({ sources: [] as string[] }));
vi.mock('hls.js', () => {
  class Hls {
    static isSupported = () => true;
    static Events = { ERROR: 'hlsError' };
    on() {}
    loadSource(src: string) {
      hls.sources.push(src);
    }
    attachMedia() {}
    destroy() {}
  }
  return { default: Hls };
});

// OvenPlayer is a dynamic import too: the stand-in records what it was made with and reports states
const oven = vi.hoisted(() => ({
  made: [] as { sources: { type: string; file: string }[]; mute?: boolean; autoStart?: boolean }[],
  listeners: [] as ((e: { newstate: string }) => void)[],
  removed: 0,
}));
vi.mock('ovenplayer', () => ({
  default: {
    create(container: HTMLElement, options: (typeof oven.made)[number]) {
      oven.made.push(options);
      container.appendChild(document.createElement('video'));
      return {
        on(event: string, cb: (e: { newstate: string }) => void) {
          if (event === 'stateChanged') oven.listeners.push(cb);
        },
        remove() {
          oven.removed += 1;
        },
      };
    },
  },
}));

const STREAM = '0190a0b0-0000-7000-8000-0000000000e1';
const TRADE = '0190a0b0-0000-7000-8000-0000000000e3';
const PLAYLIST = `/api/media/signed/1900000000/sig/live/${STREAM}/index.m3u8`;
const LLHLS = 'https://live.example.com:443/app/trade/llhls.m3u8?policy=p&signature=s';
const WEBRTC = 'wss://live.example.com:3333/app/trade?policy=p&signature=s';

const comment = (seq: number, text: string, over: Partial<LiveComment> = {}): LiveComment => ({
  seq,
  streamId: STREAM,
  kind: 'comment',
  courseId: null,
  sessionId: null,
  author: { kind: 'member', name: `สมาชิก ${seq}` },
  text,
  call: null,
  streamTime: 90,
  broadcastId: null,
  createdAt: '2026-11-26T12:00:00.000Z',
  ...over,
});
const member = (id: string, kind: 'stream' | 'trade') => ({
  id,
  name: kind === 'trade' ? 'ห้องเทรดสด' : 'ไลฟ์ Forex',
  detail: null,
  kind,
  live: 'Y' as const,
  liveSince: '2026-11-26T11:58:30.000Z',
});
const watch = (id: string, kind: 'stream' | 'trade'): LiveWatch => ({
  stream: member(id, kind),
  courseId: '0190a0b0-0000-7000-8000-0000000000c1',
  session: null,
  playbackUrl: PLAYLIST,
  source: 'dev',
  expiresAt: '2099-01-01T00:00:00.000Z',
  refreshAt: '2099-01-01T00:00:00.000Z',
});

type Sse = { controller: ReadableStreamDefaultController<Uint8Array>; headers: Headers };

/** learning and the gateway as the live page meets them; each SSE connection is kept for the test to drive. */
function serve({
  replay = [] as LiveComment[],
  calls = [] as LiveComment[],
  post = { status: 201, body: {} as unknown },
  watchStatus = 200,
  live = 'Y' as 'Y' | 'N',
  courseImages = undefined as LiveWatch['courseImages'],
  webrtc = false,
} = {}) {
  const streams: Sse[] = [];
  const posts: unknown[] = [];
  const state = { live };
  const reply = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const p = url.pathname;
      if (p === '/api/learning/member/home') return reply(200, makeHome());
      if (p === '/api/learning/member/live/streams')
        return reply(200, { items: [member(STREAM, 'stream'), member(TRADE, 'trade')] });
      const m = /^\/api\/learning\/member\/live\/([^/]+)(\/comments|\/calls)?$/.exec(p);
      if (m && !m[2]) {
        if (watchStatus === 404)
          return reply(404, { status: 404, code: 'learning.live_stream_not_found', title: 'x' });
        const w = watch(m[1]!, m[1] === TRADE ? 'trade' : 'stream');
        // what learning answers a trade stream when the streaming server offers WebRTC
        if (webrtc && m[1] === TRADE)
          return reply(200, { ...w, source: 'origin', playbackUrl: LLHLS, webrtcUrl: WEBRTC });
        return reply(200, {
          ...w,
          webrtcUrl: null,
          stream: { ...w.stream, live: state.live },
          ...(state.live === 'N' ? { playbackUrl: null, expiresAt: null, refreshAt: null } : {}),
          ...(courseImages ? { courseImages } : {}),
        });
      }
      if (m && m[2] === '/calls') return reply(200, { items: calls });
      if (m && m[2] === '/comments' && init.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return reply(post.status, post.body);
      }
      if (m && m[2] === '/comments') {
        const r: LiveCommentReplay = {
          items: replay,
          more: false,
          lastSeq: replay.reduce((m, c) => Math.max(m, c.seq), 0),
          hidden: [],
          pinned: null,
          stream: { ...member(m[1]!, m[1] === TRADE ? 'trade' : 'stream'), live: state.live },
        };
        return reply(200, r);
      }
      if (p.startsWith('/api/live/streams/')) {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            streams.push({ controller, headers: new Headers(init.headers) });
          },
        });
        return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
      }
      return reply(404, { status: 404, code: 'http.not_found', title: 'nope' });
    }),
  );
  const send = (s: Sse, event: string, data: unknown, id?: number) =>
    s.controller.enqueue(
      new TextEncoder().encode(
        `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`,
      ),
    );
  /** learning's answer from now on (the stream went on or off air) */
  const setLive = (value: 'Y' | 'N') => {
    state.live = value;
  };
  return { streams, posts, send, setLive };
}

function renderLive(path: string) {
  return renderWithProviders(<></>, {
    path,
    routes: [
      { path: 'member', element: <p>MEMBER HOME</p> },
      { path: 'member/livestreaming/:id?', Component: MemberLiveRoute },
      { path: 'member/livetrade/:id?', Component: MemberLiveRoute },
      { path: 'member/livetrader/:id?', Component: MemberLiveRoute },
    ],
  });
}

beforeEach(() => {
  hls.sources.length = 0;
  oven.made.length = 0;
  oven.listeners.length = 0;
  oven.removed = 0;
  useAuthStore.getState().setSession('member-jwt', makeUser({ status: 'Premium' }));
});

describe('/member/livestreaming/{id}', () => {
  it('plays the signed live playlist, shows the latest comments, and follows the stream: a new one appears, a hidden one vanishes, a pinned one goes on top', async () => {
    const api = serve({ replay: [comment(1, 'สวัสดีครับ')] });
    renderLive(`/member/livestreaming/${STREAM}`);
    expect(await screen.findByTestId('live-title')).toHaveProperty('textContent', 'ไลฟ์ Forex');
    expect(screen.getByTestId('live-badge').textContent).toBe('กำลังถ่ายทอดสด');
    await waitFor(() => expect(hls.sources).toEqual([PLAYLIST]));
    const video = screen.getByTestId('live-player').querySelector('video')!;
    expect(video.autoplay && video.muted).toBe(true);
    expect(await screen.findByText('สวัสดีครับ')).toBeTruthy();

    // the stream opens with the member's token, after the last comment read
    await waitFor(() => expect(api.streams).toHaveLength(1));
    const sse = api.streams[0]!;
    expect(sse.headers.get('authorization')).toBe('Bearer member-jwt');
    expect(sse.headers.get('last-event-id')).toBe('1');

    api.send(sse, 'comment', comment(2, 'ราคาทองวันนี้?'), 2);
    expect(await screen.findByText('ราคาทองวันนี้?')).toBeTruthy();
    api.send(sse, 'hidden', { streamId: STREAM, seq: 2 });
    await waitFor(() => expect(screen.queryByText('ราคาทองวันนี้?')).toBeNull());
    api.send(sse, 'pinned', { streamId: STREAM, comment: comment(1, 'สวัสดีครับ') });
    expect(within(await screen.findByTestId('live-pinned')).getByText('สวัสดีครับ')).toBeTruthy();
  });

  it('reconnects after the stream ends, asking for what came after the last comment heard (Last-Event-ID)', async () => {
    const api = serve({ replay: [comment(3, 'a')] });
    renderLive(`/member/livestreaming/${STREAM}`);
    await waitFor(() => expect(api.streams).toHaveLength(1));
    api.send(api.streams[0]!, 'comment', comment(7, 'b'), 7);
    await screen.findByText('b');
    api.streams[0]!.controller.close();
    expect(await screen.findByText('กำลังเชื่อมต่อความคิดเห็นสดใหม่…')).toBeTruthy();
    await waitFor(() => expect(api.streams).toHaveLength(2), { timeout: 3_000 });
    expect(api.streams[1]!.headers.get('last-event-id')).toBe('7');
    // the gateway's replay repeats a comment already shown: it still shows once
    api.send(api.streams[1]!, 'comment', comment(7, 'b'), 7);
    api.send(api.streams[1]!, 'comment', comment(8, 'c'), 8);
    await screen.findByText('c');
    expect(screen.getAllByText('b')).toHaveLength(1);
  });

  it('posts a comment within its limits, and shows the server’s Thai message when it refuses (too fast)', async () => {
    const api = serve({
      post: {
        status: 429,
        body: {
          status: 429,
          code: 'learning.live_comment_too_fast',
          title: 'Too fast',
          messages: {
            th: 'ส่งความคิดเห็นถี่เกินไป กรุณารอสักครู่แล้วลองใหม่',
            en: 'You are commenting too fast',
          },
        },
      },
    });
    renderLive(`/member/livestreaming/${STREAM}`);
    const input = await screen.findByTestId('live-comment-input');
    expect(input.getAttribute('maxlength')).toBe('500');
    expect((screen.getByTestId('live-comment-send') as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(input, '  ขอบคุณครับ ');
    expect(screen.getByText('10/500 ตัวอักษร · ส่งได้ทุก 2 วินาที')).toBeTruthy();
    await userEvent.click(screen.getByTestId('live-comment-send'));
    expect(await screen.findByText('ส่งความคิดเห็นถี่เกินไป กรุณารอสักครู่แล้วลองใหม่')).toBeTruthy();
    expect(api.posts).toEqual([{ text: 'ขอบคุณครับ' }]);
  });

  it('a stream the member may not watch now (404) sends them to /member', async () => {
    serve({ watchStatus: 404 });
    const { router } = renderLive(`/member/livestreaming/${STREAM}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/member'));
  });
});

describe('/member/livetrade and /member/livetrader', () => {
  const call = (seq: number, symbol: string, side: 'buy' | 'sell'): LiveComment =>
    comment(seq, '', {
      streamId: TRADE,
      kind: 'call',
      author: { kind: 'staff', name: 'โค้ชเอ' },
      call: { symbol, side, entry: '2385.5', stop: '2378', target: '2399', note: 'ตามแนวรับ' },
      streamTime: 754,
    });

  it('without an id opens the trade room the member may watch, its calls pinned beside the video, a new call on top', async () => {
    const api = serve({ calls: [call(4, 'EURUSD', 'sell')] });
    renderLive('/member/livetrade');
    expect(await screen.findByTestId('live-title')).toHaveProperty('textContent', 'ห้องเทรดสด');
    const panel = await screen.findByTestId('trade-calls-panel');
    expect(await within(panel).findByText('EURUSD')).toBeTruthy();
    await waitFor(() => expect(api.streams).toHaveLength(1));
    api.send(api.streams[0]!, 'call', call(9, 'XAUUSD', 'buy'), 9);
    await within(panel).findByText('XAUUSD');
    const calls = within(panel).getAllByTestId('trade-call');
    expect(calls.map((c) => c.querySelector('.trade-call__symbol')?.textContent)).toEqual([
      'XAUUSD',
      'EURUSD',
    ]);
    expect(calls[0]!.textContent).toContain('ซื้อ');
    expect(calls[0]!.textContent).toContain('ล่าสุด');
    expect(calls[0]!.textContent).toContain('นาทีที่ 12:34');
    expect(calls[0]!.textContent).toContain('ตัดขาดทุน2378');
  });

  it('with a WebRTC URL the trade page plays in OvenPlayer: WebRTC first, LL-HLS as its fallback, muted, at once', async () => {
    serve({ webrtc: true });
    const { unmount } = renderLive(`/member/livetrade/${TRADE}`);
    const stage = await screen.findByTestId('live-player');
    await waitFor(() => expect(oven.made).toHaveLength(1));
    expect(oven.made[0]).toMatchObject({
      autoStart: true,
      mute: true,
      sources: [
        { type: 'webrtc', file: WEBRTC },
        { type: 'llhls', file: LLHLS },
      ],
    });
    expect(stage.getAttribute('data-player')).toBe('ovenplayer');
    // hls.js does not play the stream itself (OvenPlayer may use it for its LL-HLS fallback)
    expect(hls.sources).toEqual([]);
    expect(stage.getAttribute('data-state')).toBe('loading');
    oven.listeners[0]!({ newstate: 'playing' });
    await waitFor(() => expect(stage.getAttribute('data-state')).toBe('playing'));
    unmount();
    expect(oven.removed).toBe(1);
  });

  it('OvenPlayer falling back from WebRTC to LL-HLS (error, then playing) keeps its player; an error nothing follows remakes it, then gives up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      serve({ webrtc: true });
      renderLive(`/member/livetrade/${TRADE}`);
      const stage = await screen.findByTestId('live-player');
      await waitFor(() => expect(oven.made).toHaveLength(1));
      const report = (state: string) => oven.listeners.at(-1)!({ newstate: state });
      report('error');
      report('loading');
      report('playing');
      await vi.advanceTimersByTimeAsync(FALLBACK_WAIT_MS + 1_000);
      await waitFor(() => expect(stage.getAttribute('data-state')).toBe('playing'));
      expect(oven.made).toHaveLength(1);
      // nothing plays after an error: made again (three times), then the page says it cannot play
      for (let made = 2; made <= 4; made += 1) {
        report('error');
        await vi.advanceTimersByTimeAsync(FALLBACK_WAIT_MS + 1_000);
        await waitFor(() => expect(oven.made).toHaveLength(made));
      }
      report('error');
      await vi.advanceTimersByTimeAsync(FALLBACK_WAIT_MS + 1_000);
      await waitFor(() => expect(stage.getAttribute('data-state')).toBe('error'));
      expect(oven.made).toHaveLength(4);
      expect(await screen.findByRole('alert')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('without a WebRTC URL the trade page plays the playlist with hls.js, and no OvenPlayer is made', async () => {
    serve();
    renderLive(`/member/livetrade/${TRADE}`);
    await waitFor(() => expect(hls.sources).toEqual([PLAYLIST]));
    expect(screen.getByTestId('live-player').getAttribute('data-player')).toBe('hls');
    expect(oven.made).toEqual([]);
  });

  it('livetrader is the same page as livetrade', async () => {
    serve();
    renderLive(`/member/livetrader/${TRADE}`);
    expect(await screen.findByTestId('trade-calls-panel')).toBeTruthy();
    expect(await screen.findByTestId('live-title')).toHaveProperty('textContent', 'ห้องเทรดสด');
  });
});

describe('the course picture as the live player poster', () => {
  const courseImages = {
    liveStreamingPath: 'a1b2c3d4e5f60718293a4b5c6d7e8f90.jpg',
    liveTradePath: '/api/media/images/live-trade/0123456789abcdef0123456789abcdef.webp',
  };
  const STREAMING_SRC = '/api/media/images/live-streaming/a1b2c3d4e5f60718293a4b5c6d7e8f90.jpg';

  it('on air: the live streaming picture is the video poster until the picture moves', async () => {
    serve({ courseImages });
    renderLive(`/member/livestreaming/${STREAM}`);
    await waitFor(() => expect(hls.sources).toEqual([PLAYLIST]));
    const video = screen.getByTestId('live-player').querySelector('video')!;
    expect(video.getAttribute('poster')).toBe(STREAMING_SRC);
    expect(screen.queryByTestId('live-waiting')).toBeNull();
  });

  it('off air: the picture fills the frame behind the waiting note; going live starts the video with it as poster', async () => {
    const api = serve({ courseImages, live: 'N' });
    renderLive(`/member/livestreaming/${STREAM}`);
    const waiting = await screen.findByTestId('live-waiting');
    expect(screen.getByTestId('live-player').getAttribute('data-state')).toBe('off-air');
    expect(within(waiting).getByTestId('live-poster').getAttribute('src')).toBe(STREAMING_SRC);
    expect(waiting.textContent).toContain('ไลฟ์ยังไม่เริ่ม');
    expect(hls.sources).toEqual([]);

    await waitFor(() => expect(api.streams).toHaveLength(1));
    api.setLive('Y');
    api.send(api.streams[0]!, 'live', { streamId: STREAM, live: 'Y', liveSince: '2026-11-26T12:00:00.000Z' });
    await waitFor(() => expect(hls.sources).toEqual([PLAYLIST]));
    expect(screen.queryByTestId('live-waiting')).toBeNull();
    const video = screen.getByTestId('live-player').querySelector('video')!;
    expect(video.getAttribute('poster')).toBe(STREAMING_SRC);
  });

  it('live trade pages show the course’s live trade picture, not the streaming one', async () => {
    serve({ courseImages, live: 'N' });
    renderLive(`/member/livetrade/${TRADE}`);
    const waiting = await screen.findByTestId('live-waiting');
    expect(within(waiting).getByTestId('live-poster').getAttribute('src')).toBe(courseImages.liveTradePath);
  });

  it('a course without a picture keeps the plain waiting note and a video without a poster', async () => {
    serve({ courseImages: { liveStreamingPath: null, liveTradePath: null }, live: 'N' });
    renderLive(`/member/livestreaming/${STREAM}`);
    const waiting = await screen.findByTestId('live-waiting');
    expect(within(waiting).queryByTestId('live-poster')).toBeNull();
    expect(waiting.querySelector('img')).toBeNull();
  });
});
