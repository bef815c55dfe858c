import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VideoPlayback } from '@rian/proto-contracts/learning-member';
import type { PublicCourse, PublicPreview } from '@rian/proto-contracts/learning-public';
import { useAuthDialogStore } from '@/features/auth/stores/auth-dialog-store';
import { useAuthStore } from '@/stores/auth-store';
import { useLanguageStore } from '@/stores/language-store';
import { makeProduct } from '@/testing/catalog-fixtures';
import { makeUser } from '@/testing/fixtures';
import { json, mockApi, problem, renderWithProviders } from '@/testing/render';
import { AppPublicCoursesRoute, AppPublicPreviewRoute } from './public-course';

// the players' libraries are dynamic imports: stand-ins record what the page asked of them
const vimeo = vi.hoisted(() => ({ frames: [] as HTMLIFrameElement[] }));
vi.mock('@vimeo/player', () => {
  class Player {
    constructor(frame: HTMLIFrameElement) {
      vimeo.frames.push(frame);
    }
    on() {}
    off() {}
    ready() {
      return Promise.resolve();
    }
  }
  return { default: Player };
});
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

const COURSE = '00000000-0000-4000-8000-0000000000c1';
const OTHER = '00000000-0000-4000-8000-0000000000c2';
const PREVIEW = '00000000-0000-4000-8000-0000000000f1';
const PREVIEW_2 = '00000000-0000-4000-8000-0000000000f2';
const forex = makeProduct({
  id: '00000000-0000-4000-8000-0000000000a1',
  url: 'forex-pro',
  title: 'Forex Pro',
});
const bundle = makeProduct({ id: '00000000-0000-4000-8000-0000000000a2', url: 'all-in', title: 'All in' });
const DISABLED_PRODUCT = '00000000-0000-4000-8000-0000000000a9';

const course = (over: Partial<PublicCourse> = {}): PublicCourse => ({
  id: COURSE,
  title: 'Forex 101',
  code: 'FX101',
  detail: 'เทรดอย่างมีระบบ',
  date: '2026-12-01',
  instructors: [{ id: '00000000-0000-4000-8000-0000000000e1', name: 'อ.สมชาย', img: null }],
  items: [
    { title: 'บทนำ', type: 'video', date: '2026-12-02' },
    { title: 'เรียนที่ห้อง', type: 'real', date: '2026-12-03' },
  ],
  previews: [
    { id: PREVIEW, name: 'ตัวอย่างบทที่ 1', durationSeconds: 300 },
    { id: PREVIEW_2, name: 'ตัวอย่างบทที่ 2', durationSeconds: null },
  ],
  productIds: [forex.id],
  ...over,
});

const COURSES = [
  course(),
  course({
    id: OTHER,
    title: 'Gold Trading',
    code: null,
    detail: null,
    date: null,
    instructors: [],
    items: [],
    previews: [],
    // one product the shop lists, one it does not (disabled): only the first is a buy link
    productIds: [bundle.id, DISABLED_PRODUCT],
  }),
];

const playback = (over: Partial<VideoPlayback> = {}): VideoPlayback => ({
  id: PREVIEW,
  courseId: COURSE,
  source: 'vimeo',
  vimeoId: '76979871',
  hlsUrl: null,
  embedUrl: null,
  assetId: null,
  name: 'ตัวอย่างบทที่ 1',
  detail: 'ดูว่ากราฟแท่งเทียนบอกอะไร',
  item: 1,
  durationSeconds: 300,
  playbackUrl: null,
  posterUrl: null,
  expiresAt: null,
  recordingBroadcastId: null,
  ...over,
});
const preview = (over: Partial<VideoPlayback> = {}): PublicPreview => ({
  video: playback(over),
  course: { id: COURSE, title: 'Forex 101', productIds: [forex.id] },
});

function serve(routes: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/learning/courses/public': json(200, { items: COURSES }),
    'GET /api/catalog/products': json(200, { items: [forex, bundle], page: 1, pageSize: 100, total: 2 }),
    ...routes,
  });
}

const renderAt = (path: string) =>
  renderWithProviders(<></>, {
    path,
    routes: [
      { path: 'course', Component: AppPublicCoursesRoute },
      { path: 'course/video/:id?', Component: AppPublicPreviewRoute },
    ],
  });

describe('/course', () => {
  it('shows each course on sale with its curriculum, instructors, previews and the way to buy or sign in', async () => {
    const fetchMock = serve();
    renderAt('/course');
    const cards = await screen.findAllByTestId('public-course');
    expect(cards.map((c) => within(c).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Forex 101',
      'Gold Trading',
    ]);
    const [fx, gold] = cards as [HTMLElement, HTMLElement];
    expect(fx.textContent).toContain('รหัสคอร์ส FX101');
    expect(within(fx).getByTestId('course-instructors').textContent).toBe('ผู้สอน: อ.สมชาย');
    const sessions = within(within(fx).getByTestId('course-curriculum')).getAllByRole('listitem');
    expect(sessions.map((s) => s.textContent)).toEqual([
      'บทนำบทเรียนวิดีโอ · 2 ธ.ค. 2026',
      'เรียนที่ห้องเรียนที่สถานที่จริง · 3 ธ.ค. 2026',
    ]);
    const previews = within(within(fx).getByTestId('course-previews')).getAllByRole('link');
    expect(previews.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['▶ตัวอย่างบทที่ 15 นาที', `/course/video/${PREVIEW}`],
      ['▶ตัวอย่างบทที่ 2', `/course/video/${PREVIEW_2}`],
    ]);
    // buy: the product page the shop lists for the course
    await waitFor(() =>
      expect(within(fx).getByTestId('course-buy').getAttribute('href')).toBe('/product/forex-pro'),
    );
    expect(within(fx).getByTestId('course-buy').textContent).toBe('ซื้อคอร์ส');
    expect(
      within(gold)
        .getAllByTestId('course-buy')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/product/all-in']);
    expect(gold.textContent).toContain('ยังไม่ประกาศตารางเรียน');
    expect(within(gold).queryByTestId('course-previews')).toBeNull();
    // no token on the public read
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/learning/courses/public'))!;
    expect(new Headers(call[1]?.headers).get('authorization')).toBeNull();

    // a visitor signs in from a course: auth's login dialog opens
    await userEvent.click(within(fx).getByTestId('course-sign-in'));
    expect(useAuthDialogStore.getState().open).toBe('login');
  });

  it('a Premium member is offered the classroom instead of signing in; English texts', async () => {
    useAuthStore.getState().setSession('t', makeUser({ status: 'Premium' }));
    useLanguageStore.setState({ language: 'en' });
    serve();
    renderAt('/course');
    const [fx] = await screen.findAllByTestId('public-course');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Course curriculum');
    expect(within(fx!).queryByTestId('course-sign-in')).toBeNull();
    expect(within(fx!).getByTestId('course-classroom').getAttribute('href')).toBe('/member');
    expect(fx!.textContent).toContain('Video lesson · 2 Dec 2026');
  });

  it('says so when no course is on sale, and links to the shop when no product of a course is listed', async () => {
    serve({
      'GET /api/learning/courses/public': json(200, { items: [] }),
    });
    renderAt('/course');
    expect((await screen.findByTestId('courses-empty')).textContent).toBe('ยังไม่มีคอร์สที่เปิดขายในขณะนี้');

    serve({
      'GET /api/learning/courses/public': json(200, { items: [course({ productIds: [DISABLED_PRODUCT] })] }),
    });
    renderAt('/course');
    const card = (await screen.findAllByTestId('public-course')).at(-1)!;
    expect(within(card).queryByTestId('course-buy')).toBeNull();
    expect(within(card).getByTestId('course-all-products').getAttribute('href')).toBe('/productAll');
  });
});

describe('/course/video/{id}', () => {
  it('plays a Vimeo preview in the lesson player, with the course, its other previews and the calls to buy or sign in', async () => {
    vimeo.frames.length = 0;
    const fetchMock = serve({ [`GET /api/learning/courses/public/videos/${PREVIEW}`]: json(200, preview()) });
    renderAt(`/course/video/${PREVIEW}`);
    const page = await screen.findByTestId('public-preview');
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('ตัวอย่างบทที่ 1');
    expect(page.textContent).toContain('จากคอร์ส Forex 101');
    expect(page.textContent).toContain('ดูว่ากราฟแท่งเทียนบอกอะไร');
    // the member lesson's player, loaded on demand
    const player = await screen.findByTestId('lesson-player');
    expect(player.getAttribute('data-player')).toBe('vimeo');
    await waitFor(() => expect(vimeo.frames).toHaveLength(1));
    expect(vimeo.frames[0]!.getAttribute('src')).toContain('player.vimeo.com/video/76979871');

    await waitFor(() =>
      expect(within(page).getByTestId('course-buy').getAttribute('href')).toBe('/product/forex-pro'),
    );
    const more = await within(page).findByTestId('course-previews');
    const links = within(more).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('aria-current'))).toEqual(['page', null]);
    await userEvent.click(within(page).getByTestId('course-sign-in'));
    expect(useAuthDialogStore.getState().open).toBe('login');
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/courses/public/videos/'))!;
    expect(new Headers(call[1]?.headers).get('authorization')).toBeNull();
  });

  it("plays an upload's signed playlist with hls.js", async () => {
    hls.sources.length = 0;
    serve({
      [`GET /api/learning/courses/public/videos/${PREVIEW}`]: json(
        200,
        preview({ source: 'upload', vimeoId: null, playbackUrl: '/api/media/signed/1/s/hls/a1/master.m3u8' }),
      ),
    });
    renderAt(`/course/video/${PREVIEW}`);
    expect((await screen.findByTestId('lesson-player')).getAttribute('data-player')).toBe('hls');
    await waitFor(() => expect(hls.sources).toEqual(['/api/media/signed/1/s/hls/a1/master.m3u8']));
  });

  it('a video that is not a free preview shows a not-found state with the way back to the curriculum', async () => {
    serve({
      [`GET /api/learning/courses/public/videos/${PREVIEW}`]: problem(
        404,
        'learning.video_not_found',
        'ไม่พบวิดีโอนี้',
      ),
    });
    const { router } = renderAt(`/course/video/${PREVIEW}`);
    const page = await screen.findByTestId('preview-not-found');
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('ไม่พบวิดีโอตัวอย่างนี้');
    expect(screen.queryByTestId('lesson-player')).toBeNull();
    await userEvent.click(within(page).getByRole('link', { name: 'กลับไปหน้าหลักสูตร' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/course'));
  });

  it('no id goes to the curriculum', async () => {
    serve();
    const { router } = renderAt('/course/video');
    await waitFor(() => expect(router.state.location.pathname).toBe('/course'));
    expect(await screen.findAllByTestId('public-course')).toHaveLength(2);
  });
});
