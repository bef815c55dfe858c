/**
 * Issue 15's journey: live streaming, live comments and live trade on the demo data, the video from
 * the local live source (deploy/local/live-source.mjs: ffmpeg's test pattern through media's signed
 * route, as no streaming server is configured). Set-up through the API: two members buy the demo
 * product "forex-basics" (the Forex course, whose channel and live trade room the demo streams are).
 * Then staff, in /admin/liveStreaming, set the demo Forex stream live; the two members (two browser
 * contexts: a desktop and a phone) open /member/livestreaming/{id}: the video plays (the player
 * reports playing), a comment from one appears for the other, staff hide it in the stream's
 * comments and it disappears for both. Then staff set the live trade room live and post a trade call
 * in its comments: on /member/livetrade both see it pinned beside the video. Screenshots of each
 * page on the desktop and the phone.
 *
 *   npx tsx web/e2e/live.e2e.ts
 *   env: BASE_URL (http://127.0.0.1:3000), STAFF_USERNAME, STAFF_PASSWORD, CHROMIUM_PATH, HEADFUL=1
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_LIVE_STREAM_IDS } from '@rian/proto-contracts/demo';
import {
  memberSignIn,
  apiCall,
  assert,
  coursePng,
  axeProblems,
  DESKTOP,
  inBrowser,
  journeyProgram,
  memberWhoBought,
  overflow,
  PHONE,
  productAndPrice,
  staffCall,
  staffToken,
  tabTo,
  untilTrue,
  type JourneyOptions,
} from './support.js';

const FOREX_PRODUCT = 'forex-basics';
const FOREX_LIVE = DEMO_LIVE_STREAM_IDS.forexLive;
const LIVE_TRADE = DEMO_LIVE_STREAM_IDS.liveTrade;

async function forexBuyer(
  baseUrl: string,
  staff: string,
  who: { email: string; password: string; phone: string },
  firstName: string,
) {
  return memberWhoBought(baseUrl, staff, { ...who, firstName, lastName: 'ทดสอบไลฟ์' }, (token) =>
    productAndPrice(baseUrl, token, FOREX_PRODUCT),
  );
}

/** The player reports playing; else the step fails saying what state it is in (and the video's). */
async function playing(page: Page, who: string) {
  try {
    await page.locator('[data-testid="live-player"][data-state="playing"]').waitFor({ timeout: 45_000 });
  } catch (error) {
    const state = await page.evaluate(() => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="live-player"] video');
      return {
        player: document.querySelector('[data-testid="live-player"]')?.getAttribute('data-state'),
        video: v && {
          paused: v.paused,
          readyState: v.readyState,
          time: v.currentTime,
          error: v.error?.message,
        },
      };
    });
    throw new Error(
      `${who}: the live player did not report playing: ${JSON.stringify(state)} (${String(error)})`,
    );
  }
}

/** axe-core finds no serious or critical problem on the page as it is now. */
async function accessible(page: Page, name: string, log: (line: string) => void) {
  const problems = await axeProblems(page);
  log(`  axe on ${name}: ${problems.length} serious/critical`);
  assert(problems.length === 0, `axe on ${name}:\n${problems.join('\n')}`);
}

/** The video element really advances (not only a "playing" event): its time moves on. */
async function advancing(page: Page) {
  const at = () =>
    page.locator('[data-testid="live-player"] video').evaluate((v) => (v as HTMLVideoElement).currentTime);
  const first = await at();
  await untilTrue('the live video advances', 15_000, async () => (await at()) > first + 0.5);
}

export async function runLiveJourney(opts: JourneyOptions): Promise<void> {
  await inBrowser('live', opts, async ({ baseUrl, log, open, shot, step, watch }) => {
    const stamp = Date.now();
    const first = {
      email: `e2e-live-a-${stamp}@example.com`,
      password: `E2e-live-a-${stamp}`,
      phone: `08${String(stamp).slice(-8)}`,
    };
    const second = {
      email: `e2e-live-b-${stamp}@example.com`,
      password: `E2e-live-b-${stamp}`,
      phone: `09${String(stamp).slice(-8)}`,
    };
    log(`live journey against ${baseUrl} as ${first.email} and ${second.email}`);
    const staff = await staffToken(baseUrl, opts.staffUsername, opts.staffPassword);

    await step(
      'set-up (API): two members buy Forex Basics (its channel and live trade room are the demo streams)',
      async () => {
        const a = await forexBuyer(baseUrl, staff, first, 'ไลฟ์เอ');
        const b = await forexBuyer(baseUrl, staff, second, 'ไลฟ์บี');
        for (const { userId } of [a, b]) {
          await untilTrue('the Forex enrolment', 30_000, async () => {
            const { token } = await apiCall<{ token: string }>(baseUrl, null, 'POST', '/auth/login', {
              email: userId === a.userId ? first.email : second.email,
              password: userId === a.userId ? first.password : second.password,
            });
            const list = await apiCall<{ items: { id: string }[] }>(
              baseUrl,
              token,
              'GET',
              '/learning/member/live/streams',
            ).catch(() => ({ items: [] }));
            return list.items.some((s) => s.id === FOREX_LIVE);
          });
        }
      },
    );

    const admin = watch(await open(DESKTOP));
    let poster = '';
    await step(
      'staff: /admin/courses — the Forex course gets a live streaming picture (uploaded, previewed, saved)',
      async () => {
        await admin.goto(`${baseUrl}/admin/login`, { waitUntil: 'domcontentloaded' });
        await admin.getByTestId('staff-username').fill(opts.staffUsername);
        await admin.getByTestId('staff-password').fill(opts.staffPassword);
        await admin.getByTestId('staff-submit').click();
        await admin.waitForURL((url) => url.pathname === '/admin/');
        const stream = await staffCall<{ usedBy: { courses: { id: string; title: string }[] } }>(
          baseUrl,
          staff,
          'GET',
          `/learning/admin/live-streams/${FOREX_LIVE}`,
        );
        const course = stream.usedBy.courses[0];
        assert(course, 'the demo Forex stream is a course channel');
        const dir = await mkdtemp(path.join(tmpdir(), 'rian-e2e-'));
        const file = path.join(dir, 'forex-live.png');
        await writeFile(file, coursePng(640, 360));
        await admin.goto(`${baseUrl}/admin/courses`, { waitUntil: 'domcontentloaded' });
        await admin
          .getByTestId(/^course-row-/)
          .filter({ hasText: course.title })
          .first()
          .getByTestId('course-edit')
          .click();
        const dialog = admin.getByTestId('course-dialog');
        const uploaded = admin.waitForResponse(
          (r) =>
            new URL(r.url()).pathname === '/api/media/images/live-streaming' &&
            r.request().method() === 'POST',
        );
        await dialog.getByTestId('course-live-streaming-image-input').setInputFiles(file);
        const upload = await uploaded;
        assert(upload.ok(), `the picture upload answered ${upload.status()}`);
        poster = ((await upload.json()) as { url: string }).url;
        const preview = dialog.getByTestId('course-live-streaming-image-preview');
        await preview.waitFor();
        await untilTrue('the preview has loaded', 10_000, () =>
          preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        );
        await shot(admin, 'live-admin-course-picture', { fullPage: false });
        // the dialog's live part on a phone: nothing wider than the window
        await admin.setViewportSize(PHONE);
        await dialog.getByTestId('course-live').scrollIntoViewIfNeeded();
        assert((await overflow(admin)) <= 0, `the phone dialog is ${await overflow(admin)}px too wide`);
        await shot(admin, 'live-admin-course-picture-phone', { fullPage: false });
        await admin.setViewportSize(DESKTOP);
        await dialog.getByTestId('course-dialog-save').click();
        await dialog.waitFor({ state: 'detached' });
        const saved = await staffCall<{ liveStreamingPath: string | null }>(
          baseUrl,
          staff,
          'GET',
          `/learning/admin/courses/${course.id}`,
        );
        assert(
          saved.liveStreamingPath === poster,
          `the course keeps ${saved.liveStreamingPath}, not ${poster}`,
        );
      },
    );

    await step('staff: /admin/liveStreaming — set the demo Forex stream live', async () => {
      await admin.goto(`${baseUrl}/admin/liveStreaming`, { waitUntil: 'domcontentloaded' });
      const row = admin.getByTestId('live-streams-table-row').filter({ hasText: 'Forex live' });
      const toggle = row.getByTestId('live-stream-live');
      if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
      await row.locator('[data-testid="live-stream-live"][aria-checked="true"]').waitFor();
      const stream = await staffCall<{ live: string }>(
        baseUrl,
        staff,
        'GET',
        `/learning/admin/live-streams/${FOREX_LIVE}`,
      );
      assert(stream.live === 'Y', `the Forex stream is live ${stream.live} after the switch`);
      await shot(admin, 'live-admin-streams');
      await accessible(admin, '/admin/liveStreaming', log);
    });

    const pageA = watch(await open(DESKTOP));
    const pageB = await open(PHONE);
    for (const [who, page] of [
      ['A', pageA],
      ['B', pageB],
    ] as const) {
      page.on('console', (m) => m.type() === 'error' && log(`  [${who} console] ${m.text().slice(0, 300)}`));
    }
    await step('two members: /member/livestreaming/{id} — the video plays for both', async () => {
      await memberSignIn(pageA, baseUrl, first);
      await memberSignIn(pageB, baseUrl, second);
      await pageA.goto(`${baseUrl}/member/livestreaming/${FOREX_LIVE}`, { waitUntil: 'domcontentloaded' });
      await pageB.goto(`${baseUrl}/member/livestreaming/${FOREX_LIVE}`, { waitUntil: 'domcontentloaded' });
      await playing(pageA, 'the first member');
      await playing(pageB, 'the second member (phone)');
      await advancing(pageA);
      const badge = await pageA.getByTestId('live-badge').getAttribute('data-live');
      assert(badge === 'Y', `the page says on air ${badge}`);
      // the course's picture is the player's poster
      const posterOf = await pageB.locator('[data-testid="live-player"] video').getAttribute('poster');
      assert(posterOf === poster, `the video's poster is ${posterOf}, not the course picture ${poster}`);
      await accessible(pageA, '/member/livestreaming/{id} (desktop)', log);
      await accessible(pageB, '/member/livestreaming/{id} (phone)', log);
    });

    const text = `สวัสดีครับ ไลฟ์วันนี้ ${stamp.toString(36)}`;
    await step(
      'a comment from one member appears for the other (written and sent with the keyboard)',
      async () => {
        await tabTo(pageA, 'live-comment-input');
        await pageA.keyboard.type(text);
        await tabTo(pageA, 'live-comment-send', { max: 3 });
        await pageA.keyboard.press('Enter');
        await pageB.getByTestId('live-comment').filter({ hasText: text }).waitFor({ timeout: 10_000 });
        await pageA.getByTestId('live-comment').filter({ hasText: text }).waitFor({ timeout: 10_000 });
        await shot(pageA, 'live-stream-desktop');
        await shot(pageB, 'live-stream-phone');
        assert(
          (await overflow(pageB)) <= 0,
          `the phone page is ${await overflow(pageB)}px wider than the window`,
        );
      },
    );

    await step('staff hide it in the stream’s comments: it disappears for both', async () => {
      const row = admin.getByTestId('live-streams-table-row').filter({ hasText: 'Forex live' });
      await row.getByTestId('live-stream-comments').click();
      const dialog = admin.getByTestId('live-comments-dialog');
      const comment = dialog.getByTestId('staff-comment').filter({ hasText: text });
      await comment.getByTestId('staff-comment-hide').click();
      await dialog
        .locator('[data-testid="staff-comment"][data-hidden="Y"]')
        .filter({ hasText: text })
        .waitFor();
      await pageA
        .getByTestId('live-comment')
        .filter({ hasText: text })
        .waitFor({ state: 'detached', timeout: 5_000 });
      await pageB
        .getByTestId('live-comment')
        .filter({ hasText: text })
        .waitFor({ state: 'detached', timeout: 5_000 });
      await shot(admin, 'live-admin-comments', { fullPage: false });
      await accessible(admin, '/admin/liveStreaming with the comments dialog', log);
      await admin.keyboard.press('Escape');
    });

    const symbol = 'XAUUSD';
    await step('staff set the live trade room live and post a trade call', async () => {
      const row = admin.getByTestId('live-streams-table-row').filter({ hasText: 'Live trade room' });
      const toggle = row.getByTestId('live-stream-live');
      if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
      await row.locator('[data-testid="live-stream-live"][aria-checked="true"]').waitFor();
      await pageA.goto(`${baseUrl}/member/livetrade/${LIVE_TRADE}`, { waitUntil: 'domcontentloaded' });
      await pageB.goto(`${baseUrl}/member/livetrade`, { waitUntil: 'domcontentloaded' });
      await playing(pageA, 'the first member on live trade');
      await pageB.getByTestId('trade-calls-panel').waitFor();
      await row.getByTestId('live-stream-comments').click();
      const dialog = admin.getByTestId('live-comments-dialog');
      await dialog.getByTestId('call-symbol').fill(symbol);
      await dialog.getByTestId('call-side').selectOption('buy');
      await dialog.getByTestId('call-entry').fill('2385.5');
      await dialog.getByTestId('call-stop').fill('2378');
      await dialog.getByTestId('call-target').fill('2399');
      await dialog.getByTestId('call-note').fill('เข้าซื้อตามแนวรับ');
      await dialog.getByTestId('call-post').click();
      await dialog.getByTestId('staff-comment').filter({ hasText: symbol }).waitFor();
    });

    await step('on /member/livetrade the call appears pinned beside the video, for both', async () => {
      for (const page of [pageA, pageB]) {
        const call = page.getByTestId('trade-call').first();
        await call.filter({ hasText: symbol }).waitFor({ timeout: 10_000 });
        assert((await call.textContent())?.includes('2385.5'), 'the call shows its entry');
      }
      // beside the video on the desktop: the calls' panel starts to the right of the player
      const player = await pageA.getByTestId('live-player').boundingBox();
      const calls = await pageA.getByTestId('trade-calls-panel').boundingBox();
      assert(
        player && calls && calls.x >= player.x + player.width,
        'the trade calls are not beside the video',
      );
      await shot(pageA, 'live-trade-desktop');
      await shot(pageB, 'live-trade-phone');
      await accessible(pageA, '/member/livetrade/{id} (desktop)', log);
      await accessible(pageB, '/member/livetrade (phone)', log);
      // the calls scroll: the keyboard reaches their list
      await pageA.locator('body').focus();
      await tabTo(pageA, 'trade-calls');
      await shot(admin, 'live-admin-call', { fullPage: false });
    });

    // the replay (issue 15): the demo's 40 s lesson is the recording of a finished broadcast of the
    // live trade room, with calls at 5, 15 and 30 s (services/learning/src/domain/demo-content.ts)
    await step('the demo recording lesson: the first call appears once playback passes 5 s', async () => {
      const recordingLesson = '01900000-0000-7000-8000-0000000d0012'; // DEMO_CONTENT_IDS.sessions.candles
      const { token } = await apiCall<{ token: string }>(baseUrl, null, 'POST', '/auth/login', {
        email: first.email,
        password: first.password,
      });
      await untilTrue('the recording lesson’s HLS playlist (media transcoded it)', 180_000, async () => {
        const view = await apiCall<{
          video: { playbackUrl: string | null; recordingBroadcastId: string | null } | null;
        }>(baseUrl, token, 'GET', `/learning/member/sessions/${recordingLesson}`).catch(() => null);
        return Boolean(view?.video?.playbackUrl && view.video.recordingBroadcastId);
      });
      await pageA.goto(`${baseUrl}/member/video/${recordingLesson}`, { waitUntil: 'domcontentloaded' });
      const panel = pageA.getByTestId('replay-calls-panel');
      await panel.waitFor({ timeout: 30_000 });
      const video = pageA.locator('[data-testid="lesson-player"] video');
      await untilTrue('the lesson’s metadata', 30_000, async () =>
        video.evaluate((v) => (v as HTMLVideoElement).readyState >= 1),
      );
      const at = () => video.evaluate((v) => (v as HTMLVideoElement).currentTime);
      // no spoilers: nothing shows before the first call's moment
      assert((await at()) < 5, `the lesson starts at ${await at()} s, past the first call`);
      assert((await pageA.getByTestId('replay-call').count()) === 0, 'a call shows before its moment');
      await video.evaluate((v) => {
        const el = v as HTMLVideoElement;
        el.muted = true;
        return el.play();
      });
      await pageA.getByTestId('replay-call').first().waitFor({ timeout: 30_000 });
      const position = await at();
      const calls = await pageA.getByTestId('replay-call').allTextContents();
      assert(position >= 5, `a call appeared at ${position} s, before its moment (5 s)`);
      assert(calls[0]?.includes('EURUSD'), `the first call shown is ${calls[0]}, not EURUSD`);
      assert(!(await panel.textContent())?.includes('USDJPY'), 'the call at 30 s shows already (a spoiler)');
      await video.evaluate((v) => (v as HTMLVideoElement).pause());
      await shot(pageA, 'live-replay-desktop');
    });
  });
}

await journeyProgram(import.meta.url, (opts) => runLiveJourney(opts));
