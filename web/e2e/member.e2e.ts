/**
 * Issue 13's journey: the member area as a member uses it, on the demo data as `npm start` seeds it.
 * Set-up through the API (not the subject): a member registers with the e-mailed code, buys the demo
 * product "forex-basics" by bank transfer and staff approve the slip (the demo course Forex Basics);
 * staff also grant them the Price Action demo course and put a meeting session with the demo Zoom
 * room on the Forex course today (the demo meeting is tomorrow). A second member buys only
 * "price-action-mastery". Then in the browser, as the first member: signs in, enters /member (the
 * stand-by dialog, then the dashboard with the demo course) — that first load asks each service at
 * most once and loads no player chunk; /member/calendar opens a session's dialog (no player chunk
 * either); Room Meeting copies the meeting id to the clipboard; /member/video (today's uploaded HLS
 * lesson, media's demo video once transcoded) plays; Help opens. Then with the keyboard only (Tab,
 * Shift+Tab, Enter, Space, Escape, arrows; every control reached shows a focus ring): the side menu's
 * Dashboard, Calendar (a session opens and Escape closes it, the focus back on the event), Lessons
 * (lesson 1, media's second demo video, starts with Space and reports playing; Next goes to lesson
 * 2), Help, the course switcher (arrows and Enter, through /member/reload) and, on a phone, the
 * drawer (modal, Escape closes it). axe-core finds no serious or critical violation on the dashboard, the
 * calendar and the lesson; each is looked at on a desktop and a phone, never wider than the window.
 * Last, the second member opening the Forex lesson URL is sent to /member.
 *
 *   npx tsx web/e2e/member.e2e.ts
 *   env: BASE_URL (http://127.0.0.1:3000), STAFF_USERNAME, STAFF_PASSWORD, CHROMIUM_PATH, HEADFUL=1
 */
import type { Request } from 'playwright-core';
import { DEMO_COURSE_IDS, DEMO_SECOND_VIDEO_ASSET_ID } from '@rian/proto-contracts/demo';
import {
  memberSignIn,
  apiCall,
  assert,
  axeProblems,
  bangkokDay,
  DESKTOP,
  focused,
  focusReturnsTo,
  inBrowser,
  journeyProgram,
  memberWhoBought,
  overflow,
  PHONE,
  productAndPrice,
  staffCall,
  signTermsByApi,
  staffToken,
  tabTo,
  untilTrue,
  type JourneyOptions,
} from './support.js';

const DEMO = {
  forexProduct: 'forex-basics',
  paProduct: 'price-action-mastery',
  forex: DEMO_COURSE_IDS.forexBasics,
  priceAction: DEMO_COURSE_IDS.priceAction,
  forexTitle: 'Forex พื้นฐาน (Forex Basics)',
  /** learning's demo Zoom room (services/learning/src/domain/demo-content.ts) */
  zoomRoomId: '01900000-0000-7000-8000-0000000d0003',
  /** as learning stores it (spaces dropped) */
  meetingId: '81234567890',
  /** the uploaded lesson of today (DEMO_CONTENT_IDS.sessions.candles): lesson 2, media's first demo video */
  todayLesson: '01900000-0000-7000-8000-0000000d0012',
  /** lesson 1, two days ago (DEMO_CONTENT_IDS.sessions.intro): media's second demo video */
  firstLesson: '01900000-0000-7000-8000-0000000d0011',
  paTitle: 'Price Action เวิร์กช็อป',
};

/** the lazy chunks of the players: hls.js and @vimeo/player */
const PLAYER_CHUNK = /\/assets\/(hls|player\.es)-[\w-]{8}\.js$/;

/** A new member who buys a demo product by bank transfer, staff approving the slip; answers their id. */
async function demoBuyer(
  baseUrl: string,
  staff: string,
  who: { email: string; password: string; phone: string },
  productUrl: string,
): Promise<string> {
  const bought = await memberWhoBought(
    baseUrl,
    staff,
    { ...who, firstName: 'สมาชิก', lastName: 'ทดสอบ' },
    (token) => productAndPrice(baseUrl, token, productUrl),
  );
  return bought.userId;
}

/** the member's enrolments as learning sees them (the saga grants the product's course) */
async function enrolledIn(baseUrl: string, staff: string, userId: string, courseId: string) {
  const list = await staffCall<{ total: number }>(
    baseUrl,
    staff,
    'GET',
    `/learning/admin/enrolments?userId=${encodeURIComponent(userId)}&courseId=${courseId}`,
  );
  return list.total > 0;
}

export async function runMemberJourney(opts: JourneyOptions): Promise<void> {
  await inBrowser('member', opts, async ({ baseUrl, log, open, shot, step, watch }) => {
    const stamp = Date.now();
    const member = {
      email: `e2e-member-${stamp}@example.com`,
      password: `E2e-member-${stamp}`,
      phone: `08${String(stamp).slice(-8)}`,
    };
    const other = {
      email: `e2e-member-pa-${stamp}@example.com`,
      password: `E2e-member-pa-${stamp}`,
      phone: `09${String(stamp).slice(-8)}`,
    };
    log(`member journey against ${baseUrl} as ${member.email}`);
    const staff = await staffToken(baseUrl, opts.staffUsername, opts.staffPassword);

    await step(
      'set-up (API): a member buys Forex Basics, is granted Price Action; a meeting with the Zoom room today',
      async () => {
        const userId = await demoBuyer(baseUrl, staff, member, DEMO.forexProduct);
        await untilTrue('the Forex enrolment', 30_000, () => enrolledIn(baseUrl, staff, userId, DEMO.forex));
        await staffCall(baseUrl, staff, 'POST', '/learning/admin/enrolments', {
          userId,
          courseId: DEMO.priceAction,
        });
        // issue 16: the granted course's terms too (the switch to it would open the terms dialog)
        await signTermsByApi(baseUrl, member);
        await staffCall(baseUrl, staff, 'POST', `/learning/admin/courses/${DEMO.forex}/sessions`, {
          title: `ห้องประชุมวันนี้ ${stamp.toString(36)}`,
          date: bangkokDay(0),
          type: 'meeting',
          start: '00:05',
          to: '23:55',
          zoomRoomId: DEMO.zoomRoomId,
        });
        const otherId = await demoBuyer(baseUrl, staff, other, DEMO.paProduct);
        await untilTrue('the other member’s Price Action enrolment', 30_000, () =>
          enrolledIn(baseUrl, staff, otherId, DEMO.priceAction),
        );
      },
    );

    await step(
      'set-up: media has transcoded the demo video (today’s lesson hands out its playlist)',
      async () => {
        const { token } = await apiCall<{ token: string }>(baseUrl, null, 'POST', '/auth/login', {
          email: member.email,
          password: member.password,
        });
        await untilTrue('the uploaded lesson’s HLS playlist', 180_000, async () => {
          const view = await apiCall<{ video: { playbackUrl: string | null } | null }>(
            baseUrl,
            token,
            'GET',
            `/learning/member/sessions/${DEMO.todayLesson}`,
          ).catch(() => null);
          return Boolean(view?.video?.playbackUrl);
        });
      },
    );

    const page = watch(await open());
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));

    await step('member: signs in', async () => {
      await memberSignIn(page, baseUrl, member);
    });

    await step(
      'member: /member — stand by, then the dashboard with the demo course; one read per service (learning: three; bookings: the book deliveries), no player',
      async () => {
        requests.length = 0;
        await page.goto(`${baseUrl}/member`, { waitUntil: 'domcontentloaded' });
        await page
          .getByTestId('member-stand-by')
          .waitFor({ state: 'attached', timeout: 10_000 })
          .catch(() => {
            log('  (the stand-by dialog came and went before it was seen)');
          });
        await page.getByTestId('member-stand-by').waitFor({ state: 'detached', timeout: 30_000 });
        await page.getByTestId('course-switcher-title').waitFor();
        if ((await page.getByTestId('course-switcher-title').textContent()) !== DEMO.forexTitle) {
          // two courses: the member picks the demo course first
          await page.getByTestId('course-switcher').click();
          await page.getByTestId(`course-option-${DEMO.forex}`).click();
          await page.waitForFunction(
            (want) => document.querySelector('[data-testid="course-switcher-title"]')?.textContent === want,
            DEMO.forexTitle,
          );
        }
        await page.getByTestId('dashboard-today').waitFor();
        await page.waitForLoadState('networkidle');
        const data = requests
          .map((r) => new URL(r.url()))
          .filter((u) => u.pathname.startsWith('/api/'))
          .map((u) => u.pathname);
        log(`  first load's data requests: ${data.join(', ')}`);
        // issue 20: the dashboard's LINE card asks auth once more (GET /me/line), apart from the session
        const lineReads = data.filter((p) => p === '/api/auth/me/line');
        assert(lineReads.length <= 1, `the LINE card was read ${lineReads.length} times`);
        const perService = new Map<string, string[]>();
        for (const p of data.filter((p) => p !== '/api/auth/me/line')) {
          const service = p.split('/')[2]!;
          perService.set(service, [...(perService.get(service) ?? []), p]);
        }
        // one read per service: learning's /member/home carries the course list the switcher,
        // dashboard and calendar share
        const many = [...perService].filter(([, list]) => list.length > 1);
        assert(
          many.length === 0,
          `the first load asked a service more than once: ${many.map(([s, l]) => `${s}: ${l.join(', ')}`).join('; ')}`,
        );
        // bookings (issue 17): the side panel's book delivery, read once on entering
        assert(
          (perService.get('bookings') ?? []).join() === '/api/bookings/member/book-deliveries',
          `the first load did not read the book deliveries once: ${(perService.get('bookings') ?? []).join(', ')}`,
        );
        const players = requests.filter((r) => PLAYER_CHUNK.test(new URL(r.url()).pathname));
        assert(
          players.length === 0,
          `the dashboard loaded player chunks: ${players.map((r) => r.url()).join(', ')}`,
        );
      },
    );

    const looks = async (name: string, ready: () => Promise<void>) => {
      const problems = await axeProblems(page);
      log(`  axe on ${name}: ${problems.length} serious/critical`);
      assert(problems.length === 0, `axe on ${name}:\n${problems.join('\n')}`);
      for (const [size, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        await page.setViewportSize(viewport);
        await ready();
        await page.evaluate(() => document.fonts.ready);
        const wider = await overflow(page);
        assert(wider <= 0, `${name} is ${wider}px wider than the ${size} window`);
        await shot(page, `m-${name}-${size}`);
      }
      await page.setViewportSize(DESKTOP);
      await ready();
    };

    await step('member: the dashboard — axe, desktop and phone', async () => {
      await looks('dashboard', () => page.getByTestId('dashboard-today').waitFor());
    });

    await step(
      'member: Room Meeting — the demo Zoom room; copy puts the meeting id on the clipboard',
      async () => {
        await page.getByTestId('menu-room-meeting').click();
        const dialog = page.getByTestId('meeting-room');
        await dialog.getByTestId('meeting-id-value').filter({ hasText: DEMO.meetingId }).waitFor();
        await dialog.getByTestId('meeting-id-copy').click();
        await untilTrue(
          'the clipboard holds the meeting id',
          5_000,
          async () => (await page.evaluate(() => navigator.clipboard.readText())) === DEMO.meetingId,
        );
        await shot(page, 'm-meeting-room', { fullPage: false });
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      },
    );

    await step('member: Help opens and closes', async () => {
      await page.getByTestId('member-help-button').click();
      const help = page.getByTestId('member-help');
      await help.getByTestId('help-phone').waitFor();
      await page.keyboard.press('Escape');
      await help.waitFor({ state: 'detached' });
    });

    await step('member: /member/calendar — a session’s dialog; no player chunk loaded', async () => {
      await page.goto(`${baseUrl}/member/calendar`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('calendar-event').first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const players = requests.filter((r) => PLAYER_CHUNK.test(new URL(r.url()).pathname));
      assert(
        players.length === 0,
        `the calendar loaded player chunks: ${players.map((r) => r.url()).join(', ')}`,
      );
      await looks('calendar', () => page.getByTestId('calendar-event').first().waitFor());
      await page.getByTestId('calendar-event').first().click();
      const view = page.getByTestId('session-view');
      await view.getByTestId('session-when').waitFor();
      await shot(page, 'm-calendar-session', { fullPage: false });
      await page.keyboard.press('Escape');
      await view.waitFor({ state: 'detached' });
    });

    await step('member: /member/video — today’s uploaded lesson plays (HLS)', async () => {
      // from the dashboard's today list, as a member goes
      await page.goto(`${baseUrl}/member`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId(`today-watch-${DEMO.todayLesson}`).click();
      await page.waitForURL((url) => url.pathname === `/member/video/${DEMO.todayLesson}`);
      const player = page.getByTestId('lesson-player');
      await player.waitFor({ timeout: 30_000 });
      assert((await player.getAttribute('data-player')) === 'hls', 'today’s lesson is not the HLS player');
      await untilTrue('the player has the video', 30_000, async () =>
        ['paused', 'playing'].includes((await player.getAttribute('data-state')) ?? ''),
      );
      await player.locator('video').evaluate((v) => {
        const video = v as HTMLVideoElement;
        video.muted = true;
        return video.play();
      });
      await untilTrue(
        'data-state="playing"',
        30_000,
        async () => (await player.getAttribute('data-state')) === 'playing',
      );
      // a Chromium that plays HLS itself needs no hls.js; otherwise the lesson page loads its chunk
      const native = await player
        .locator('video')
        .evaluate((v) => (v as HTMLVideoElement).canPlayType('application/vnd.apple.mpegurl') !== '');
      const players = requests.filter((r) => PLAYER_CHUNK.test(new URL(r.url()).pathname));
      log(`  HLS ${native ? 'played natively' : 'through hls.js'}; player chunks: ${players.length}`);
      assert(native || players.length > 0, 'the lesson page loaded no player chunk (hls.js)');
      await player.locator('video').evaluate((v) => (v as HTMLVideoElement).pause());
      await looks('lesson', () => page.getByTestId('lesson-title').waitFor());
    });

    // ---- the keyboard only from here (Tab, Shift+Tab, Enter, Space, Escape, arrows): no clicks ----
    const at = (path: string) => page.waitForURL((url) => url.pathname === path, { timeout: 30_000 });

    await step(
      'keyboard: the side menu — Dashboard, then Calendar; a session opens with Enter and Escape closes it',
      async () => {
        await page.setViewportSize(DESKTOP);
        await page.goto(`${baseUrl}/member/calendar`, { waitUntil: 'domcontentloaded' });
        await page.getByTestId('calendar-event').first().waitFor({ timeout: 30_000 });
        await tabTo(page, 'menu-dashboard');
        await page.keyboard.press('Enter');
        await at('/member');
        await page.getByTestId('dashboard-today').waitFor();
        await tabTo(page, 'menu-calendar');
        await page.keyboard.press('Enter');
        await at('/member/calendar');
        await page.getByTestId('calendar-event').first().waitFor({ timeout: 30_000 });
        await tabTo(page, 'calendar-event');
        await page.keyboard.press('Enter');
        const view = page.getByTestId('session-view');
        await view.getByTestId('session-when').waitFor();
        assert((await focused(page, 'session-view')).inDialog, 'the session dialog opened without the focus');
        await page.keyboard.press('Escape');
        await view.waitFor({ state: 'detached' });
        // the focus is back on the event that opened it, not lost at the top of the page
        await focusReturnsTo(page, 'calendar-event', 'the calendar event');
      },
    );

    await step(
      'keyboard: Lessons opens lesson 1 (media’s second demo video); Space starts the player, which reports playing',
      async () => {
        requests.length = 0;
        await tabTo(page, 'menu-lessons', { back: true });
        await page.keyboard.press('Enter');
        await at('/member/video');
        const player = page.getByTestId('lesson-player');
        await player.waitFor({ timeout: 30_000 });
        await untilTrue('the player has lesson 1', 30_000, async () =>
          ['paused', 'playing'].includes((await player.getAttribute('data-state')) ?? ''),
        );
        const current = page.locator('[data-testid="lesson-list"] a[aria-current="page"]');
        assert(
          (await current.getAttribute('href')) === `/member/video/${DEMO.firstLesson}`,
          `the lessons page opened ${await current.getAttribute('href')}, not lesson 1`,
        );
        const numbers = await page.locator('.member-lesson__item-number').allTextContents();
        assert(
          numbers.join(',') === 'บทที่ 1,บทที่ 2',
          `the lesson list reads ${numbers.join(', ')}, not บทที่ 1, บทที่ 2`,
        );
        await tabTo(page, 'lesson-player');
        await page.keyboard.press('Space');
        await untilTrue(
          'lesson 1: data-state="playing"',
          30_000,
          async () => (await player.getAttribute('data-state')) === 'playing',
        );
        assert(
          requests.some((r) => r.url().includes(DEMO_SECOND_VIDEO_ASSET_ID)),
          'lesson 1 did not load media’s second demo video',
        );
        await shot(page, 'm-lesson-1-playing', { fullPage: false });
        await page.keyboard.press('Space');
        await untilTrue(
          'lesson 1 paused',
          10_000,
          async () => (await player.getAttribute('data-state')) === 'paused',
        );
        // next lesson with the keyboard: today's, on media's first demo video
        await tabTo(page, 'lesson-next');
        await page.keyboard.press('Enter');
        await at(`/member/video/${DEMO.todayLesson}`);
      },
    );

    await step(
      'keyboard: Help opens with Enter and closes with Escape, the focus back on its button',
      async () => {
        await tabTo(page, 'member-help-button', { back: true });
        await page.keyboard.press('Enter');
        const help = page.getByTestId('member-help');
        await help.getByTestId('help-phone').waitFor();
        assert((await focused(page, 'member-help')).inDialog, 'Help opened without the focus');
        await page.keyboard.press('Escape');
        await help.waitFor({ state: 'detached' });
        await focusReturnsTo(page, 'member-help-button', 'Help');
      },
    );

    await step(
      'keyboard: the course switcher — Enter opens it, arrows choose Price Action, Enter goes through /member/reload',
      async () => {
        await page.goto(`${baseUrl}/member`, { waitUntil: 'domcontentloaded' });
        await page.getByTestId('course-switcher-title').waitFor();
        await tabTo(page, 'course-switcher');
        await page.keyboard.press('Enter');
        const option = page.getByTestId(`course-option-${DEMO.priceAction}`);
        await option.waitFor();
        for (let i = 0; i < 5 && !(await focused(page, `course-option-${DEMO.priceAction}`)).hit; i += 1) {
          await page.keyboard.press('ArrowDown');
        }
        assert(
          (await focused(page, `course-option-${DEMO.priceAction}`)).hit,
          'the arrow keys did not reach Price Action in the course menu',
        );
        await shot(page, 'm-course-switch-keyboard', { fullPage: false });
        const reloaded = page.waitForURL((url) => url.pathname === '/member/reload');
        await page.keyboard.press('Enter');
        await reloaded;
        await page.waitForURL((url) => url.pathname !== '/member/reload', { timeout: 30_000 });
        await page.waitForFunction((old) => {
          const title = document.querySelector('[data-testid="course-switcher-title"]')?.textContent;
          return Boolean(title) && title !== old;
        }, DEMO.forexTitle);
        await tabTo(page, 'course-switcher');
        await page.keyboard.press('Enter');
        await option.waitFor();
        assert(
          (await option.getAttribute('aria-checked')) === 'true',
          'Price Action is not the checked course after the switch',
        );
        await page.keyboard.press('Escape');
        await option.waitFor({ state: 'detached' });
        await focusReturnsTo(page, 'course-switcher', 'the course switcher');
      },
    );

    await step(
      'keyboard on a phone: the drawer opens with Enter, Tab stays inside, Escape closes it; a menu item opens its page',
      async () => {
        await page.setViewportSize(PHONE);
        await page.goto(`${baseUrl}/member`, { waitUntil: 'domcontentloaded' });
        await page.getByTestId('course-switcher-title').waitFor();
        await tabTo(page, 'member-menu-button');
        await page.keyboard.press('Enter');
        const drawer = page.locator('.drawer');
        await drawer.getByTestId('menu-calendar').waitFor();
        // the drawer is modal: Tab goes round inside it until Escape
        await tabTo(page, 'menu-lessons', { max: 20 });
        for (let i = 0; i < 15; i += 1) {
          await page.keyboard.press('Tab');
          assert((await focused(page, 'x')).inDialog, 'Tab left the open drawer');
        }
        await page.evaluate(() => document.fonts.ready);
        await shot(page, 'm-drawer-phone', { fullPage: false });
        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'detached' });
        await focusReturnsTo(page, 'member-menu-button', 'the menu button');
        await page.keyboard.press('Enter');
        await drawer.getByTestId('menu-calendar').waitFor();
        await tabTo(page, 'menu-calendar', { max: 20 });
        await page.keyboard.press('Enter');
        await at('/member/calendar');
        await drawer.waitFor({ state: 'detached' });
        await page.getByTestId('calendar-event').first().waitFor({ timeout: 30_000 });
        await shot(page, 'm-calendar-after-drawer-phone');
        await page.setViewportSize(DESKTOP);
      },
    );

    const stranger = watch(await open());
    await step('a member of Price Action only: the Forex lesson URL sends them to /member', async () => {
      await stranger.goto(`${baseUrl}/login`, { waitUntil: 'domcontentloaded' });
      await stranger.getByTestId('login-email').fill(other.email);
      await stranger.getByTestId('login-password').fill(other.password);
      await stranger.getByTestId('login-submit').click();
      await stranger.getByTestId('member-link').waitFor();
      await stranger.getByTestId('cookie-agree').click();
      await stranger.goto(`${baseUrl}/member/video/${DEMO.todayLesson}`, { waitUntil: 'domcontentloaded' });
      await stranger.waitForURL((url) => url.pathname === '/member', { timeout: 30_000 });
      await stranger.getByTestId('course-switcher-title').waitFor();
    });
  });
}

await journeyProgram(import.meta.url, (opts) => runMemberJourney(opts));
