import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionMember, VideoMember } from '@rian/proto-contracts/learning-content';
import type { SessionView, VideoPlayback } from '@rian/proto-contracts/learning-member';
import { json, mockApi, problem, renderWithProviders } from '@/testing/render';
import { makeUser } from '@/testing/fixtures';
import { useAuthStore } from '@/stores/auth-store';
import { MemberLessonRoute } from './member-lesson';

// the players' libraries are dynamic imports: stand-ins record what the page asked of them
const hls = vi.hoisted(() => ({
  instances: [] as { src: string; media: HTMLMediaElement | null; destroyed: boolean }[],
}));
vi.mock('hls.js', () => {
  class Hls {
    static isSupported = () => true;
    static Events = { ERROR: 'hlsError' };
    record = { src: '', media: null as HTMLMediaElement | null, destroyed: false };
    constructor(readonly config: { enableWorker?: boolean }) {
      if (config.enableWorker !== false) throw new Error('the CSP forbids blob: workers');
      hls.instances.push(this.record);
    }
    on() {}
    loadSource(src: string) {
      this.record.src = src;
    }
    attachMedia(media: HTMLMediaElement) {
      this.record.media = media;
    }
    destroy() {
      this.record.destroyed = true;
    }
  }
  return { default: Hls };
});
const vimeo = vi.hoisted(() => ({
  players: [] as { frame: HTMLIFrameElement; handlers: Map<string, (data?: unknown) => void> }[],
}));
vi.mock('@vimeo/player', () => {
  class Player {
    handlers = new Map<string, (data?: unknown) => void>();
    constructor(frame: HTMLIFrameElement) {
      vimeo.players.push({ frame, handlers: this.handlers });
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
const sid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

function session(n: number, title: string): SessionMember {
  return {
    id: sid(n),
    courseId: COURSE,
    type: 'video',
    item: n,
    title,
    detail: `detail of ${title}`,
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
  };
}

function video(n: number, fields: Partial<VideoPlayback>): VideoPlayback {
  const base: VideoMember = {
    id: `10000000-0000-4000-8000-00000000000${n}`,
    courseId: COURSE,
    source: 'vimeo',
    vimeoId: null,
    hlsUrl: null,
    embedUrl: null,
    assetId: null,
    name: `video ${n}`,
    detail: null,
    item: n,
    durationSeconds: null,
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

const lessons = [session(1, 'Candlesticks'), session(2, 'Support and resistance'), session(3, 'Risk')];
const videos: Record<string, VideoPlayback> = {
  [sid(1)]: video(1, {
    source: 'upload',
    assetId: '20000000-0000-4000-8000-000000000001',
    playbackUrl: '/api/media/hls/a1/master.m3u8?sig=x',
    posterUrl: '/api/media/hls/a1/poster.jpg?sig=x',
  }),
  [sid(2)]: video(2, { source: 'vimeo', vimeoId: '76979871' }),
  [sid(3)]: video(3, { source: 'embed', embedUrl: 'https://www.youtube.com/embed/dQw4w9WgXcQ' }),
};

function view(id: string, over: Partial<SessionView> = {}): SessionView {
  const s = lessons.find((l) => l.id === id)!;
  return {
    session: s,
    openUntil: null,
    video: videos[id]!,
    documents: [],
    zoomRoom: null,
    ...over,
  };
}

function serve(views: Record<string, SessionView | 404> = {}) {
  return mockApi({
    'GET /api/learning/member/lessons': json(200, {
      items: lessons.map((s) => ({ session: s, video: videos[s.id]! })),
    }),
    ...Object.fromEntries(
      lessons.map((s) => [
        `GET /api/learning/member/sessions/${s.id}`,
        views[s.id] === 404
          ? problem(404, 'http.not_found', 'not found')
          : json(200, views[s.id] ?? view(s.id)),
      ]),
    ),
  });
}

function renderLesson(path: string) {
  return renderWithProviders(<></>, {
    path,
    routes: [
      { path: 'member', element: <p>MEMBER HOME</p> },
      { path: 'member/video/:id?', Component: MemberLessonRoute },
      { path: 'member/videoMYPROLIVE/:id', Component: MemberLessonRoute },
    ],
  });
}

const player = () => screen.findByTestId('lesson-player');

beforeEach(() => {
  hls.instances.length = 0;
  vimeo.players.length = 0;
  useAuthStore.getState().setSession('t', makeUser({ status: 'Premium' }));
});

describe('/member/video/{id?}', () => {
  it('lists the lessons in course order and opens the first when no id is given', async () => {
    serve();
    renderLesson('/member/video');
    expect(await screen.findByTestId('lesson-title')).toHaveProperty('textContent', 'Candlesticks');
    const list = screen.getByTestId('lesson-list');
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'บทที่ 1Candlesticks',
      'บทที่ 2Support and resistance',
      'บทที่ 3Risk',
    ]);
    expect(links[0]!.getAttribute('aria-current')).toBe('page');
    expect(links[1]!.getAttribute('aria-current')).toBeNull();
    expect(screen.getByTestId('lesson-detail').textContent).toBe('detail of Candlesticks');
  });

  it('opens the lesson chosen in the list, and next / previous follow the course order', async () => {
    const fetchMock = serve();
    const { router } = renderLesson(`/member/video/${sid(1)}`);
    await screen.findByTestId('lesson-title');
    expect(screen.queryByTestId('lesson-previous')).toBeNull();

    await userEvent.click(screen.getByRole('link', { name: /Risk/ }));
    await waitFor(() => expect(screen.getByTestId('lesson-title').textContent).toBe('Risk'));
    expect(router.state.location.pathname).toBe(`/member/video/${sid(3)}`);
    expect(screen.queryByTestId('lesson-next')).toBeNull();
    expect(
      fetchMock.mock.calls.some(([url]) => String(url).endsWith(`/learning/member/sessions/${sid(3)}`)),
    ).toBe(true);

    await userEvent.click(screen.getByTestId('lesson-previous'));
    await waitFor(() =>
      expect(screen.getByTestId('lesson-title').textContent).toBe('Support and resistance'),
    );
    expect(router.state.location.pathname).toBe(`/member/video/${sid(2)}`);
    expect(screen.getByRole('link', { name: /Support and resistance/ }).getAttribute('aria-current')).toBe(
      'page',
    );

    await userEvent.click(screen.getByTestId('lesson-next'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/member/video/${sid(3)}`));
  });

  it('moves between lessons in the list with the arrow keys, Home and End', async () => {
    serve();
    renderLesson(`/member/video/${sid(1)}`);
    await screen.findByTestId('lesson-title');
    const links = within(screen.getByTestId('lesson-list')).getAllByRole('link');
    links[0]!.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(links[1]);
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(links[2]);
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(links[2]);
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(links[0]);
  });

  it('sends the member to /member when learning answers 404 (not enrolled, outside the window, unknown)', async () => {
    serve({ [sid(2)]: 404 });
    const { router } = renderLesson(`/member/video/${sid(2)}`);
    expect(await screen.findByText('MEMBER HOME')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/member');
  });

  it('keeps the /member/videoMYPROLIVE prefix when moving between lessons', async () => {
    serve();
    const { router } = renderLesson(`/member/videoMYPROLIVE/${sid(1)}`);
    await screen.findByTestId('lesson-title');
    await userEvent.click(screen.getByTestId('lesson-next'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/member/videoMYPROLIVE/${sid(2)}`));
  });

  it("lists the session's documents as their signed links; a file not ready is named, not linked", async () => {
    const doc = (n: number, url: string | null) => ({
      id: `30000000-0000-4000-8000-00000000000${n}`,
      name: `notes-${n}.pdf`,
      detail: null,
      type: null,
      position: n,
      img: null,
      file: null,
      url,
      expiresAt: url ? '2026-11-26T10:00:00Z' : null,
    });
    serve({
      [sid(1)]: view(sid(1), { documents: [doc(1, '/api/media/document/f1/f1.pdf?sig=y'), doc(2, null)] }),
    });
    renderLesson(`/member/video/${sid(1)}`);
    const list = await screen.findByTestId('lesson-documents');
    const link = within(list).getByRole('link', { name: 'notes-1.pdf' });
    expect(link.getAttribute('href')).toBe('/api/media/document/f1/f1.pdf?sig=y');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(list).queryByRole('link', { name: /notes-2/ })).toBeNull();
    expect(within(list).getByText(/notes-2\.pdf/)).toBeTruthy();
  });
});

describe('the lesson player', () => {
  it('plays an upload through hls.js (no worker) and reports loading → playing → paused → ended on its container', async () => {
    serve();
    renderLesson(`/member/video/${sid(1)}`);
    const container = await player();
    expect(container.dataset.player).toBe('hls');
    expect(container.dataset.state).toBe('loading');
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    const videoElement = container.querySelector('video')!;
    expect(hls.instances[0]!.src).toBe('/api/media/hls/a1/master.m3u8?sig=x');
    expect(hls.instances[0]!.media).toBe(videoElement);
    expect(videoElement.getAttribute('poster')).toBe('/api/media/hls/a1/poster.jpg?sig=x');

    fireEvent.loadedMetadata(videoElement);
    expect(container.dataset.state).toBe('paused');
    fireEvent.playing(videoElement);
    expect(container.dataset.state).toBe('playing');
    fireEvent.pause(videoElement);
    expect(container.dataset.state).toBe('paused');
    fireEvent.ended(videoElement);
    expect(container.dataset.state).toBe('ended');
    fireEvent.error(videoElement);
    expect(container.dataset.state).toBe('error');
  });

  it('reports playback progress to the onProgress hook', async () => {
    serve();
    const onProgress = vi.fn();
    renderWithProviders(<></>, {
      path: `/member/video/${sid(1)}`,
      routes: [{ path: 'member/video/:id?', element: <MemberLessonRoute onProgress={onProgress} /> }],
    });
    const videoElement = (await player()).querySelector('video')!;
    Object.defineProperty(videoElement, 'currentTime', { value: 42, configurable: true });
    fireEvent.timeUpdate(videoElement);
    expect(onProgress).toHaveBeenLastCalledWith({ seconds: 42, duration: null, rate: 1 });
  });

  it('uses the browser’s own HLS when it plays it (no hls.js)', async () => {
    const canPlay = vi
      .spyOn(HTMLMediaElement.prototype, 'canPlayType')
      .mockImplementation((type) => (type === 'application/vnd.apple.mpegurl' ? 'maybe' : ''));
    try {
      serve();
      renderLesson(`/member/video/${sid(1)}`);
      const videoElement = (await player()).querySelector('video')!;
      await waitFor(() =>
        expect(videoElement.getAttribute('src')).toBe('/api/media/hls/a1/master.m3u8?sig=x'),
      );
      expect(hls.instances).toHaveLength(0);
    } finally {
      canPlay.mockRestore();
    }
  });

  it('plays a Vimeo id in Vimeo’s player iframe driven by @vimeo/player, and follows its events', async () => {
    serve();
    renderLesson(`/member/video/${sid(2)}`);
    const container = await player();
    expect(container.dataset.player).toBe('vimeo');
    const frame = container.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('https://player.vimeo.com/video/76979871');
    await waitFor(() => expect(vimeo.players).toHaveLength(1));
    expect(vimeo.players[0]!.frame).toBe(frame);
    await waitFor(() => expect(container.dataset.state).toBe('paused'));
    vimeo.players[0]!.handlers.get('play')!();
    await waitFor(() => expect(container.dataset.state).toBe('playing'));
    vimeo.players[0]!.handlers.get('ended')!();
    await waitFor(() => expect(container.dataset.state).toBe('ended'));
  });

  it('renders an allowed YouTube embed as an <iframe> of the URL learning gave, sandboxed', async () => {
    serve();
    renderLesson(`/member/video/${sid(3)}`);
    const container = await player();
    expect(container.dataset.player).toBe('embed');
    const frame = container.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-presentation');
    expect(container.dataset.state).toBe('loading');
    fireEvent.load(frame);
    expect(container.dataset.state).toBe('paused');
  });

  it('plays a Vimeo embed URL through the Vimeo player', async () => {
    serve({
      [sid(3)]: view(sid(3), {
        video: video(3, { source: 'iframe', embedUrl: 'https://player.vimeo.com/video/123456?h=abc' }),
      }),
    });
    renderLesson(`/member/video/${sid(3)}`);
    const container = await player();
    expect(container.dataset.player).toBe('vimeo');
    expect(container.querySelector('iframe')!.getAttribute('src')).toBe(
      'https://player.vimeo.com/video/123456?h=abc',
    );
  });

  it.each([
    'https://evil.example/embed/dQw4w9WgXcQ',
    'http://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://player.vimeo.com.evil.example/video/1',
    'javascript:alert(1)',
    '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>',
  ])('does not render an embed that is not an allowed player URL: %s', async (embedUrl) => {
    serve({ [sid(3)]: view(sid(3), { video: video(3, { source: 'embed', embedUrl }) }) });
    renderLesson(`/member/video/${sid(3)}`);
    const container = await player();
    expect(container.dataset.player).toBe('none');
    expect(container.dataset.state).toBe('error');
    expect(container.textContent).toBe('ไม่สามารถเล่นวิดีโอนี้ได้');
    expect(document.querySelector('iframe')).toBeNull();
  });

  it.each([
    ['https://vod.example.com/course/master.m3u8', 'hls'],
    ['http://vod.example.com/course/master.m3u8', 'none'],
  ])('plays a staff-entered HLS URL %s with player %s', async (hlsUrl, kind) => {
    serve({ [sid(1)]: view(sid(1), { video: video(1, { source: 'hls', hlsUrl }) }) });
    renderLesson(`/member/video/${sid(1)}`);
    const container = await player();
    expect(container.dataset.player).toBe(kind);
    if (kind === 'hls') await waitFor(() => expect(hls.instances[0]?.src).toBe(hlsUrl));
  });

  it('says an upload is still being prepared when it has no playlist yet', async () => {
    serve({ [sid(1)]: view(sid(1), { video: video(1, { source: 'upload', playbackUrl: null }) }) });
    renderLesson(`/member/video/${sid(1)}`);
    const container = await player();
    expect(container.dataset.player).toBe('none');
    expect(container.textContent).toBe('วิดีโอกำลังเตรียมไฟล์ กรุณากลับมาชมภายหลัง');
    expect(document.querySelector('video')).toBeNull();
  });
});
