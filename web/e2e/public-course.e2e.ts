/**
 * Issue 13's public course pages, on the demo data as `npm start` seeds it: Forex Basics' lesson 1 is
 * the demo's free preview (learning's demo content). In the browser, as a visitor (no account): /course lists the demo courses on sale with
 * their curriculum and the preview; the preview opens /course/video/{id}, where the member lesson's
 * player plays it (HLS, media's demo video) and the page offers the product page to buy and the
 * sign-in dialog; a lesson that is not a preview shows the not-found state. axe-core finds no serious
 * or critical violation on either page; each is looked at on a desktop and a phone, never wider than
 * the window.
 *
 *   npx tsx web/e2e/public-course.e2e.ts
 *   env: BASE_URL (http://127.0.0.1:3000), STAFF_USERNAME, STAFF_PASSWORD, CHROMIUM_PATH, HEADFUL=1
 */
import type { Page } from 'playwright-core';
import { DEMO_COURSE_IDS } from '@rian/proto-contracts/demo';
import type { PublicCourseList, PublicPreview } from '@rian/proto-contracts/learning-public';
import {
  apiCall,
  assert,
  axeProblems,
  DESKTOP,
  inBrowser,
  journeyProgram,
  overflow,
  PHONE,
  untilTrue,
  type JourneyOptions,
} from './support.js';

const DEMO = {
  forex: DEMO_COURSE_IDS.forexBasics,
  forexProduct: 'forex-basics',
  /** lesson 1 of Forex Basics (learning's DEMO_CONTENT_IDS.pairsVideo), seeded as a free preview */
  previewVideo: '01900000-0000-7000-8000-0000000d0001',
  /** lesson 2 of Forex Basics (DEMO_CONTENT_IDS.candlesVideo): not a preview */
  lessonVideo: '01900000-0000-7000-8000-0000000d0006',
};

export async function runPublicCourseJourney(opts: JourneyOptions): Promise<void> {
  await inBrowser('public-course', opts, async ({ baseUrl, open, shot, step, watch }) => {
    await step('the demo preview (Forex lesson 1) is on sale in /courses/public', async () => {
      // the public list is cached for a short while (LEARNING_PUBLIC_CACHE_S, 30 s by default)
      await untilTrue('the preview is in /courses/public', 60_000, async () => {
        const list = await apiCall<PublicCourseList>(baseUrl, null, 'GET', '/learning/courses/public');
        const forex = list.items.find((c) => c.id === DEMO.forex);
        return Boolean(forex?.previews.some((v) => v.id === DEMO.previewVideo));
      });
      // media transcodes the demo asset once at start: the preview plays when it is ready
      await untilTrue('the preview has a signed playlist', 120_000, async () => {
        const p = await apiCall<PublicPreview>(
          baseUrl,
          null,
          'GET',
          `/learning/courses/public/videos/${DEMO.previewVideo}`,
        );
        return p.video.playbackUrl !== null;
      });
    });

    const looks = async (page: Page, name: string, ready: () => Promise<unknown>) => {
      for (const [label, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        await page.setViewportSize(viewport);
        await ready();
        const wider = await overflow(page);
        assert(wider <= 0, `${name} on a ${label} is ${wider}px wider than the window`);
        await shot(page, `pc-${name}-${label}`);
      }
      await page.setViewportSize(DESKTOP);
    };

    const page = watch(await open());

    await step(
      'visitor: /course — the demo courses on sale, with curriculum and the free preview',
      async () => {
        await page.goto(`${baseUrl}/course`, { waitUntil: 'domcontentloaded' });
        await page.getByTestId('cookie-agree').click();
        const forex = page
          .getByTestId('public-course')
          .filter({ has: page.locator(`[id="course-${DEMO.forex}"]`) });
        await forex.waitFor();
        const sessions = await forex.getByTestId('course-curriculum').locator('li').count();
        assert(sessions > 0, 'the demo Forex course shows no curriculum');
        const link = forex
          .getByTestId('course-previews')
          .locator(`a[href="/course/video/${DEMO.previewVideo}"]`);
        await link.waitFor();
        await untilTrue(
          'the buy link is the demo product page',
          15_000,
          async () =>
            (await forex
              .getByTestId('course-buy')
              .first()
              .getAttribute('href')
              .catch(() => null)) === `/product/${DEMO.forexProduct}`,
        );
        const problems = await axeProblems(page);
        assert(problems.length === 0, `axe on /course: ${problems.join(' | ')}`);
        await looks(page, 'list', () => forex.waitFor());
        // keyboard: the preview link takes focus and opens with Enter
        await link.focus();
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => url.pathname === `/course/video/${DEMO.previewVideo}`);
      },
    );

    await step(
      'visitor: /course/video/{id} — the preview plays (HLS); buy and sign-in are offered',
      async () => {
        const player = page.getByTestId('lesson-player');
        await player.waitFor({ timeout: 30_000 });
        assert((await player.getAttribute('data-player')) === 'hls', 'the preview is not the HLS player');
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
        const preview = page.getByTestId('public-preview');
        await untilTrue(
          'the buy link is the demo product page',
          15_000,
          async () =>
            (await preview
              .getByTestId('course-buy')
              .first()
              .getAttribute('href')
              .catch(() => null)) === `/product/${DEMO.forexProduct}`,
        );
        const problems = await axeProblems(page);
        assert(problems.length === 0, `axe on /course/video: ${problems.join(' | ')}`);
        await looks(page, 'preview', () => player.waitFor());
        await preview.getByTestId('course-sign-in').click();
        await page.getByTestId('login-email').waitFor();
        await page.keyboard.press('Escape');
      },
    );

    await step('visitor: a lesson that is not a free preview shows the not-found state', async () => {
      await page.goto(`${baseUrl}/course/video/${DEMO.lessonVideo}`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('preview-not-found').waitFor();
      assert((await page.getByTestId('lesson-player').count()) === 0, 'a player shows for a non-preview');
      await shot(page, 'pc-not-found-desktop', { fullPage: false });
    });
  });
}

await journeyProgram(import.meta.url, (opts) => runPublicCourseJourney(opts));
