/**
 * Issue 14's journey: watch statistics as a member and staff see them, on the demo data as
 * `npm start` seeds it. Set-up through the API: a member buys the demo product "forex-basics" (the
 * demo course, whose lesson of today is media's uploaded demo video — 40 s of test pattern). In the
 * browser, as the member: the lesson plays (HLS) ~30 s and pauses; a reload resumes near that
 * position (currentTime within 3 s); the dashboard shows the seconds watched today; a second browser
 * context of the same member opening the lesson while the first plays gets "continue here?" and on
 * continue the first stops (paused, the taken-over message shown). Last, staff see the member's
 * viewing at /admin/user/{id}/watch.
 *
 *   npx tsx web/e2e/watch.e2e.ts
 *   env: BASE_URL (http://127.0.0.1:3000), STAFF_USERNAME, STAFF_PASSWORD, CHROMIUM_PATH, HEADFUL=1
 */
import type { Page } from 'playwright-core';
import {
  memberSignIn,
  apiCall,
  assert,
  inBrowser,
  journeyProgram,
  memberWhoBought,
  productAndPrice,
  staffToken,
  untilTrue,
  type JourneyOptions,
} from './support.js';

const DEMO = {
  forexProduct: 'forex-basics',
  /** the uploaded lesson of today (DEMO_CONTENT_IDS.sessions.candles) */
  todayLesson: '01900000-0000-7000-8000-0000000d0012',
};

/** The lesson's <video>, once the playback is open and the media knows its length. */
async function lessonVideo(page: Page) {
  const player = page.getByTestId('lesson-player');
  await player.waitFor({ timeout: 30_000 });
  assert((await player.getAttribute('data-player')) === 'hls', 'the demo lesson is not the HLS player');
  const video = player.locator('video');
  await untilTrue('the video’s metadata', 30_000, async () =>
    video.evaluate((v) => (v as HTMLVideoElement).readyState >= 1),
  );
  return video;
}

const currentTime = (video: Awaited<ReturnType<typeof lessonVideo>>) =>
  video.evaluate((v) => (v as HTMLVideoElement).currentTime);

export async function runWatchJourney(opts: JourneyOptions): Promise<void> {
  await inBrowser('watch', opts, async ({ baseUrl, log, open, shot, step, watch }) => {
    const stamp = Date.now();
    const member = {
      email: `e2e-watch-${stamp}@example.com`,
      password: `E2e-watch-${stamp}`,
      phone: `06${String(stamp).slice(-8)}`,
    };
    log(`watch journey against ${baseUrl} as ${member.email}`);
    const staff = await staffToken(baseUrl, opts.staffUsername, opts.staffPassword);

    const userId = await step(
      'set-up (API): a member buys Forex Basics; the demo video is transcoded',
      async () => {
        const bought = await memberWhoBought(
          baseUrl,
          staff,
          { ...member, firstName: 'ผู้ชม', lastName: 'ทดสอบ' },
          (token) => productAndPrice(baseUrl, token, DEMO.forexProduct),
        );
        const { token } = await apiCall<{ token: string }>(baseUrl, null, 'POST', '/auth/login', member);
        await untilTrue('the lesson opens with its HLS playlist', 180_000, async () => {
          const view = await apiCall<{ video: { playbackUrl: string | null } | null }>(
            baseUrl,
            token,
            'GET',
            `/learning/member/sessions/${DEMO.todayLesson}`,
          ).catch(() => null);
          return Boolean(view?.video?.playbackUrl);
        });
        return bought.userId;
      },
    );

    const first = watch(await open());
    const lessonUrl = `${baseUrl}/member/video/${DEMO.todayLesson}`;
    let stoppedAt = 0;

    await step('member: the lesson plays ~30 s and pauses', async () => {
      await memberSignIn(first, baseUrl, member);
      await first.goto(lessonUrl, { waitUntil: 'domcontentloaded' });
      const video = await lessonVideo(first);
      assert((await currentTime(video)) < 1, 'a first opening does not start at 0');
      await video.evaluate((v) => {
        const media = v as HTMLVideoElement;
        media.muted = true;
        return media.play();
      });
      await untilTrue('30 s of the lesson played', 90_000, async () => (await currentTime(video)) >= 30);
      const paused = first.waitForResponse(
        (r) => r.url().endsWith('/beats') && r.request().postData()?.includes('"pause"') === true,
      );
      await video.evaluate((v) => (v as HTMLVideoElement).pause());
      const beat = await paused;
      assert(beat.status() === 200, `the pause beat answered ${beat.status()}`);
      stoppedAt = await currentTime(video);
      log(`  paused at ${stoppedAt.toFixed(2)} s`);
    });

    await step('member: a reload resumes near where the lesson paused', async () => {
      await first.reload({ waitUntil: 'domcontentloaded' });
      const video = await lessonVideo(first);
      await untilTrue(
        'the player moved to the resume position',
        10_000,
        async () => (await currentTime(video)) > 1,
      );
      const at = await currentTime(video);
      log(`  resumed at ${at.toFixed(2)} s (paused at ${stoppedAt.toFixed(2)} s)`);
      assert(Math.abs(at - stoppedAt) <= 3, `resumed at ${at} s, not near ${stoppedAt} s`);
      await shot(first, 'w-lesson-resumed');
    });

    await step('member: the dashboard shows the seconds watched today', async () => {
      await first.goto(`${baseUrl}/member`, { waitUntil: 'domcontentloaded' });
      const today = first.getByTestId('watch-today');
      await today.waitFor({ timeout: 30_000 });
      const seconds = Number(await today.getAttribute('data-seconds'));
      log(`  today: ${seconds} s ("${await today.textContent()}")`);
      // ~30 s played at 1×: the server credits what the wall clock allows, never the seek back
      assert(seconds >= 20 && seconds <= 45, `the dashboard shows ${seconds} s watched today`);
      assert((await today.textContent())?.includes('วินาที'), 'today is not shown in seconds');
      await first.getByTestId('watch-resume').waitFor();
      // this month's chart (chart.js, its own chunk) draws today's bar
      await first.getByTestId('watch-month-chart').locator('canvas').waitFor();
      await shot(first, 'w-dashboard');
    });

    const second = await open();
    await step(
      'member, second device: "continue here?" while the first plays; continuing stops the first',
      async () => {
        await memberSignIn(second, baseUrl, member);
        // the first device plays (slowly: the 12 s demo must not end before the take-over)
        await first.goto(lessonUrl, { waitUntil: 'domcontentloaded' });
        const video = await lessonVideo(first);
        const played = first.waitForResponse(
          (r) => r.url().endsWith('/beats') && r.request().postData()?.includes('"play"') === true,
        );
        await video.evaluate((v) => {
          const media = v as HTMLVideoElement;
          media.muted = true;
          media.currentTime = 0;
          media.playbackRate = 0.5;
          return media.play();
        });
        assert((await played).status() === 200, 'the first device’s play beat was refused');

        watch(second);
        await second.goto(lessonUrl, { waitUntil: 'domcontentloaded' });
        const dialog = second.getByRole('alertdialog');
        await dialog.waitFor({ timeout: 30_000 });
        assert(
          (await dialog.getByRole('heading').textContent()) === 'ดูต่อที่นี่หรือไม่',
          'the prompt is not "continue here?"',
        );
        assert(
          (await second.getByTestId('continue-here-other').textContent())?.includes('Chrome'),
          'the prompt does not name the other device',
        );
        await shot(second, 'w-continue-here');
        await dialog.getByRole('button', { name: 'ดูต่อที่นี่' }).click();
        await lessonVideo(second);

        watch(first);
        const stopped = first.getByTestId('watch-taken-over');
        await stopped.waitFor({ timeout: 30_000 });
        const text = await stopped.getByRole('alert').textContent();
        assert(text?.includes('อุปกรณ์อื่น'), `the first device says "${text}"`);
        assert(
          await first
            .getByTestId('lesson-player')
            .locator('video')
            .evaluate((v) => (v as HTMLVideoElement).paused),
          'the first device still plays',
        );
        await shot(first, 'w-taken-over');
      },
    );

    const admin = watch(await open());
    await step('staff: the member’s viewing at /admin/user/{id}/watch', async () => {
      await admin.goto(`${baseUrl}/admin/login`, { waitUntil: 'domcontentloaded' });
      await admin.getByTestId('staff-username').fill(opts.staffUsername);
      await admin.getByTestId('staff-password').fill(opts.staffPassword);
      await admin.getByTestId('staff-submit').click();
      await admin.waitForURL((url) => url.pathname === '/admin/');
      await admin.goto(`${baseUrl}/admin/user/${userId}/watch`, { waitUntil: 'domcontentloaded' });
      const rows = admin.getByTestId('user-watch-playbacks-row');
      await rows.first().waitFor({ timeout: 30_000 });
      const count = await rows.count();
      log(`  ${count} playbacks listed`);
      assert(count >= 3, `staff see ${count} playbacks (opened, reloaded, two devices)`);
      await admin.getByTestId('user-watch-videos-row').first().waitFor();
      await shot(admin, 'w-staff-member');
    });
  });
}

await journeyProgram(import.meta.url, (opts) => runWatchJourney(opts));
