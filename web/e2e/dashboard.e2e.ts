/**
 * Issue 20's staff dashboard, on the demo data as `npm start` seeds it. Set-up through the API: a
 * member registers and buys the demo workshop (memberWhoBought: auth.user.registered, then
 * orders.order.created / .paid — the events insights counts). Then in the browser, staff sign in:
 *  - on a desktop /admin shows non-zero net sales, paid orders and new members for the last 14
 *    Bangkok days (waiting until insights has heard the events), the sales chart drawn, axe clean;
 *    the weekly range shows the same sales; the net-sales card links to /admin/orders;
 *  - on a phone the same page fits 390 px (nothing scrolls sideways), axe clean.
 *
 *   npx tsx web/e2e/dashboard.e2e.ts
 *   env: BASE_URL (http://127.0.0.1:3000), STAFF_USERNAME, STAFF_PASSWORD, CHROMIUM_PATH, HEADFUL=1
 */
import type { Page } from 'playwright-core';
import {
  assert,
  axeProblems,
  DESKTOP,
  inBrowser,
  journeyProgram,
  memberWhoBought,
  overflow,
  PHONE,
  productAndPrice,
  staffToken,
  untilTrue,
  type JourneyOptions,
} from './support.js';
import { staffSignIn } from './steps/checkin.js';

const WORKSHOP = 'price-action-mastery';

const figure = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).textContent())?.trim() ?? '';
const nonZero = (text: string) => /[1-9]/.test(text);

export async function runDashboardJourney(opts: JourneyOptions): Promise<void> {
  await inBrowser('dashboard', opts, async ({ baseUrl, log, open, shot, step, watch }) => {
    const stamp = Date.now();
    log(`dashboard journey against ${baseUrl}`);
    const staffApi = await staffToken(baseUrl, opts.staffUsername, opts.staffPassword);

    await step('set-up (API): a new member buys the demo workshop', async () => {
      const who = {
        email: `e2e-dash-${stamp}@example.com`,
        password: `E2e-dash-${stamp}`,
        phone: `09${String(stamp).slice(-8)}`,
        firstName: 'สมาชิกแดชบอร์ด',
        lastName: `ทดสอบ${String(stamp).slice(-4)}`,
      };
      const bought = await memberWhoBought(baseUrl, staffApi, who, (token) =>
        productAndPrice(baseUrl, token, WORKSHOP),
      );
      log(`  order ${bought.reference}`);
    });

    const desk = watch(await open(DESKTOP));
    await step(
      'staff on a desktop: /admin shows the sales and members insights heard; axe clean',
      async () => {
        await staffSignIn(desk, baseUrl, opts.staffUsername, opts.staffPassword);
        await untilTrue('insights counted the paid order', 60_000, async () => {
          await desk.goto(`${baseUrl}/admin/`, { waitUntil: 'domcontentloaded' });
          await untilTrue(
            'the figures loaded',
            15_000,
            async () => (await figure(desk, 'stat-sales')) !== '–',
          );
          return (
            nonZero(await figure(desk, 'stat-paid-orders')) && nonZero(await figure(desk, 'stat-new-members'))
          );
        });
        assert(
          nonZero(await figure(desk, 'stat-sales')),
          `net sales shows "${await figure(desk, 'stat-sales')}"`,
        );
        await desk.getByTestId('chart-sales').waitFor();
        const problems = await axeProblems(desk);
        assert(problems.length === 0, `axe on /admin (desktop): ${problems.join(' | ')}`);
        await shot(desk, 'd-dashboard-desktop');
        const daily = await figure(desk, 'stat-sales');
        await desk.getByRole('button', { name: 'รายสัปดาห์' }).click();
        await untilTrue('the weekly range', 15_000, async () =>
          /\d{4}-\d{2}-\d{2}/.test((await desk.locator('.dash-range__dates').textContent()) ?? ''),
        );
        assert(nonZero(await figure(desk, 'stat-sales')), 'the weekly range shows no sales');
        log(`  net sales: daily range ${daily}, weekly range ${await figure(desk, 'stat-sales')}`);
        await desk.getByTestId('stat-sales').click();
        await desk.waitForURL((url) => url.pathname === '/admin/orders');
      },
    );

    await step('staff on a phone: /admin fits 390 px; axe clean', async () => {
      const phone = watch(await open(PHONE));
      await staffSignIn(phone, baseUrl, opts.staffUsername, opts.staffPassword);
      await untilTrue('the figures loaded', 15_000, async () =>
        nonZero(await figure(phone, 'stat-paid-orders')),
      );
      await phone.getByTestId('chart-sales').waitFor();
      assert((await overflow(phone)) <= 0, '/admin scrolls sideways on a phone');
      const problems = await axeProblems(phone);
      assert(problems.length === 0, `axe on /admin (phone): ${problems.join(' | ')}`);
      await shot(phone, 'd-dashboard-phone');
      await phone.context().close();
    });
  });
}

await journeyProgram(import.meta.url, runDashboardJourney);
