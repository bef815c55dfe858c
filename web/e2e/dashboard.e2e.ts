/**
 * Issue 20's staff dashboard, on the demo data as `npm start` seeds it. Set-up through the API: a
 * member registers and buys the demo workshop (memberWhoBought: auth.user.registered, then
 * orders.order.created / .paid — the events insights counts). Then in the browser, staff sign in:
 *  - on a desktop /admin shows non-zero net sales, paid orders and new members for the last 14
 *    Bangkok days (waiting until insights has heard the events); every figure's card is there under
 *    its heading (ยอดขาย / งานที่รอ / สมาชิก / การเรียน / การจอง), the live-viewers card too (a
 *    count, or "–" when learning does not answer); the sales chart and the by-payment-type chart
 *    drawn, the latter with the journey's bank transfer; Tab reaches every card, focus visible;
 *    axe clean; the weekly range shows the same sales; the net-sales card links to /admin/orders;
 *  - on a phone the same page fits 390 px (nothing scrolls sideways; the cards two by two, the
 *    charts full width), axe clean.
 * Only sales and new members are certain to be non-zero: the other figures are whatever the demo
 * data and earlier journeys made (a count, or "–" while a service does not give it).
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

/** Every figure's card, by heading (issue 20's list). */
const GROUPS: Record<string, string[]> = {
  ยอดขาย: ['stat-sales', 'stat-paid-orders', 'stat-gross', 'stat-discounts', 'stat-coupons'],
  งานที่รอ: ['stat-orders-waiting', 'stat-slips', 'stat-books-to-dispatch'],
  สมาชิก: ['stat-new-members', 'stat-premium'],
  การเรียน: [
    'stat-active-week',
    'stat-watch-hours',
    'stat-sessions-today',
    'stat-checkins',
    'stat-live-viewers',
  ],
  การจอง: ['stat-bookings-made', 'stat-bookings-to-confirm'],
};
const CARDS = Object.values(GROUPS).flat();
/** a count, money, hours — or "–" for a figure a service does not give (yet) */
const FIGURE = /^(–|฿?[\d,]+(\.\d+)?( ชม\.)?)$/;

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
        const figures: string[] = [];
        for (const [heading, cards] of Object.entries(GROUPS)) {
          const group = desk.getByRole('region', { name: heading, exact: true });
          await group.getByRole('heading', { level: 2, name: heading }).waitFor();
          for (const id of cards) {
            const value = (await group.getByTestId(id).textContent())?.trim() ?? '';
            assert(FIGURE.test(value), `${id} under ${heading} shows "${value}"`);
            figures.push(`${id}=${value}`);
          }
        }
        log(`  figures: ${figures.join(' ')}`);
        // learning's own read, not insights': a count when learning answers, else "–"
        await desk.getByTestId('stat-live-viewers-link').waitFor();
        // the journey paid by bank transfer (payment type 4): its bar is in the by-payment-type chart
        const byPayment = desk.getByTestId('chart-by-payment');
        await byPayment.locator('canvas').waitFor();
        assert(
          (await desk.getByRole('img', { name: 'ยอดขายสุทธิตามวิธีชำระเงิน' }).count()) === 1,
          'the by-payment-type chart is not named by its heading',
        );
        const transferRow = byPayment.locator('tr', { hasText: 'โอนเงินผ่านธนาคาร' });
        assert(
          nonZero((await transferRow.locator('td').first().textContent()) ?? ''),
          'the by-payment-type chart has no bank-transfer sales',
        );
        const drawn = await byPayment.locator('canvas').evaluate((c: HTMLCanvasElement) => {
          const ctx = c.getContext('2d');
          if (!ctx || !c.width || !c.height) return false;
          const px = ctx.getImageData(0, 0, c.width, c.height).data;
          for (let i = 3; i < px.length; i += 4) if (px[i]! > 0) return true;
          return false;
        });
        assert(drawn, 'the by-payment-type chart canvas is blank');
        await desk.evaluate(() => document.fonts.ready);
        await shot(desk, 'd-dashboard-desktop');
        // keyboard: Tab reaches every card, and the focused card shows a focus ring
        const reached = new Set<string>();
        await desk.locator('body').focus();
        for (let i = 0; i < 120 && reached.size < CARDS.length; i += 1) {
          await desk.keyboard.press('Tab');
          const at = await desk.evaluate(() => {
            const el = document.activeElement as HTMLElement | null;
            const id = el?.dataset.testid ?? '';
            const style = el ? getComputedStyle(el) : null;
            return {
              id,
              ring: style ? style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 : false,
            };
          });
          if (at.id.endsWith('-link')) {
            assert(at.ring, `${at.id} has no visible focus`);
            reached.add(at.id.replace(/-link$/, ''));
          }
        }
        const missed = CARDS.filter((id) => !reached.has(id));
        assert(missed.length === 0, `Tab never reached ${missed.join(', ')}`);
        await desk.getByTestId('stat-paid-orders-link').focus();
        await desk.getByTestId('stat-paid-orders-link').scrollIntoViewIfNeeded();
        await shot(desk, 'd-dashboard-desktop-focus', { fullPage: false });
        await desk.evaluate(() => {
          (document.activeElement as HTMLElement | null)?.blur();
          window.scrollTo(0, 0);
        });
        const problems = await axeProblems(desk);
        assert(problems.length === 0, `axe on /admin (desktop): ${problems.join(' | ')}`);
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
      await phone.getByTestId('chart-by-payment').locator('canvas').waitFor();
      const sideways = await overflow(phone);
      if (sideways > 0) {
        const wide = await phone.evaluate(() =>
          Array.from(document.querySelectorAll<HTMLElement>('body *'))
            .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
            .slice(0, 6)
            .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}px`),
        );
        assert(false, `/admin scrolls sideways on a phone by ${sideways}px: ${wide.join(' | ')}`);
      }
      // two cards a row; a chart as wide as its group
      const box = async (testId: string) => (await phone.getByTestId(testId).boundingBox())!;
      const [first, second, third] = [
        await box('stat-sales-link'),
        await box('stat-paid-orders-link'),
        await box('stat-gross-link'),
      ];
      assert(
        Math.abs(first.y - second.y) < 2 && second.x > first.x && third.y > first.y,
        'the phone does not show the cards two by two',
      );
      const group = await box('dash-group-sales');
      const chart = (await phone.locator('.dash-chart').first().boundingBox())!;
      assert(chart.width >= group.width - 2, `a chart is ${chart.width}px in a ${group.width}px group`);
      const problems = await axeProblems(phone);
      assert(problems.length === 0, `axe on /admin (phone): ${problems.join(' | ')}`);
      await shot(phone, 'd-dashboard-phone');
      await phone.context().close();
    });
  });
}

await journeyProgram(import.meta.url, runDashboardJourney);
