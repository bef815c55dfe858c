/**
 * Issue 11 item 10: the demo data as `npm start` seeds it sells, end to end, with nothing made by
 * this journey (the stack of deploy/local/test.mjs seeds it the same way). A new visitor opens the
 * demo product "Forex Basics", presses Buy now, registers with the e-mailed code, keeps the NL price
 * (฿1,500), applies the demo coupon RIANDEMO10 (−฿150), pays by bank transfer and sees the demo bank
 * account with its picture; attaches a slip on /orders; staff approve it in /admin/ordersConfirm; the
 * buyer becomes Premium and enters /member with the demo course selected (learning's, linked by the
 * product); on a phone too.
 *
 *   npx tsx web/e2e/demo.e2e.ts
 *   env: BASE_URL (http://127.0.0.1:3000), STAFF_USERNAME, STAFF_PASSWORD, CHROMIUM_PATH, HEADFUL=1
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_COUPON_CODE, DEMO_COURSE_IDS } from '@rian/proto-contracts/demo';
import {
  PHONE,
  REGISTER_TEMPLATE,
  assert,
  codeFromDeliveryLog,
  coursePng,
  inBrowser,
  journeyProgram,
  staffToken,
  untilTrue,
  type JourneyOptions,
} from './support.js';
import { closeTermsDialog, signTermsInDialog } from './steps/terms.js';

/** What the README's "Demo data" promises, as a visitor reads it. */
const DEMO = {
  productUrl: 'forex-basics',
  productTitle: 'คอร์สเทรด Forex พื้นฐาน (Forex Basics)',
  courseId: DEMO_COURSE_IDS.forexBasics,
  courseTitle: 'Forex พื้นฐาน (Forex Basics)',
  account: '123-4-56789-0',
};

export async function runDemoJourney(opts: JourneyOptions): Promise<void> {
  await inBrowser('demo', opts, async ({ artifacts, baseUrl, log, open, shot, step, watch }) => {
    const stamp = Date.now();
    const email = `e2e-demo-${stamp}@example.com`;
    const password = `E2e-demo-${stamp}`;
    log(`demo journey against ${baseUrl} as ${email}`);
    // staff read the delivery log (the e-mailed code) and approve in the back office; they create nothing
    const staff = await staffToken(baseUrl, opts.staffUsername, opts.staffPassword);

    const page = watch(await open());
    await step('visitor: the demo product shows its price and Buy now', async () => {
      await page.goto(`${baseUrl}/product/${DEMO.productUrl}`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('cookie-agree').click();
      await page.getByRole('heading', { level: 1, name: DEMO.productTitle }).waitFor();
      await shot(page, 'd00-demo-product');
      await page.getByTestId('buy-now').click();
      await page.getByTestId('checkout-email').fill(email);
      await page.getByTestId('checkout-email-next').click();
      await page.getByTestId('register-code').waitFor();
    });

    await step('visitor: registers inside buy-now with the e-mailed code', async () => {
      const code = await codeFromDeliveryLog(baseUrl, staff, email, 30_000, REGISTER_TEMPLATE);
      await page.getByTestId('register-code').fill(code);
      await page.getByTestId('register-submit').click();
      await page.getByTestId('register-firstName').fill('ผู้มาใหม่');
      await page.getByTestId('register-lastName').fill('เดโม');
      await page.getByTestId('register-phone').fill(`08${String(stamp).slice(-8)}`);
      await page.getByTestId('register-password').fill(password);
      await page.getByTestId('register-passwordConfirm').fill(password);
      // two-column form: the confirmation keeps an input's height beside the password's hint line
      const heights = await Promise.all(
        ['register-password', 'register-passwordConfirm', 'register-firstName'].map(
          async (id) => (await page.getByTestId(id).boundingBox())?.height ?? 0,
        ),
      );
      assert(
        heights.every((h) => h > 0 && Math.abs(h - heights[2]!) < 1),
        `input heights differ in the registration form: ${heights.join(', ')}`,
      );
      await shot(page, 'd01-register-form');
      await page.getByTestId('register-submit').click();
      await page.getByTestId('checkout-package').waitFor();
    });

    await step(
      `buyer: the demo NL price (฿1,500) is preselected; ${DEMO_COUPON_CODE} takes ฿150 off`,
      async () => {
        const chosen = page.locator('[data-testid^="checkout-package-"]:checked');
        await chosen.waitFor({ state: 'attached' });
        const label = (await page.getByTestId('checkout-package').textContent()) ?? '';
        assert(label.includes('1,500'), `the package step reads "${label}"`);
        await page.getByTestId('checkout-coupon-open').click();
        await page.getByTestId('checkout-coupon-code').fill(DEMO_COUPON_CODE);
        await page.getByTestId('checkout-coupon-apply').click();
        const applied = page.getByTestId('checkout-coupon-applied');
        await applied.waitFor();
        const text = (await applied.textContent()) ?? '';
        assert(text.includes(DEMO_COUPON_CODE) && text.includes('150.00'), `the coupon reads "${text}"`);
        await shot(page, 'd02-package-coupon');
        await page.getByTestId('checkout-next').click();
        await page.getByTestId('checkout-next').click();
      },
    );

    const reference = await step(
      'buyer: bank transfer, confirm → the demo account with its picture, and where to attach the slip',
      async () => {
        assert(await page.getByTestId('checkout-pay-4').isChecked(), 'bank transfer (4) is not the default');
        const ordered = page.waitForResponse(
          (r) => new URL(r.url()).pathname === '/api/orders/checkout' && r.request().method() === 'POST',
        );
        await page.getByTestId('checkout-confirm').click();
        const reply = await ordered;
        assert(reply.status() === 201, `checkout answered ${reply.status()}: ${await reply.text()}`);
        const { order } = (await reply.json()) as { order: { reference: string; net: number } };
        // 1,500.00 − 10% = 1,350.00 (a person's receipt: no withholding)
        assert(order.net === 135_000, `net ${order.net}`);
        const placed = page.getByTestId('checkout-placed');
        const account = placed.getByTestId('bank-account').filter({ hasText: DEMO.account });
        await account.waitFor();
        const image = account.locator('img.bank-card__image');
        await untilTrue('the bank book picture loads', 10_000, () =>
          image.evaluate(
            (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
          ),
        );
        assert(
          (await placed.getByTestId('checkout-attach-slip-link').getAttribute('href')) === '/orders',
          'the next step does not link to /orders',
        );
        await shot(page, 'd03-ordered-bank-account');
        return order.reference;
      },
    );

    await step('buyer: follows the link to /orders and attaches the transfer slip', async () => {
      await page.getByTestId('checkout-attach-slip-link').click();
      await page.waitForURL((url) => url.pathname === '/orders');
      const dir = await mkdtemp(path.join(tmpdir(), 'rian-demo-slip-'));
      const file = path.join(dir, 'slip.png');
      await writeFile(file, coursePng(240, 360));
      await page.getByTestId(`my-order-${reference}`).getByTestId('my-order-attach-slip').click();
      const dialog = page.getByTestId('slip-dialog');
      await dialog.getByTestId('slip-file').setInputFiles(file);
      await dialog.getByTestId('slip-time').fill('09:15');
      const sent = page.waitForResponse(
        (r) => new URL(r.url()).pathname.endsWith('/slip') && r.request().method() === 'POST',
      );
      await dialog.getByTestId('slip-submit').click();
      const reply = await sent;
      assert(reply.status() === 201, `the slip upload answered ${reply.status()}: ${await reply.text()}`);
      await dialog.waitFor({ state: 'detached' });
      await rm(dir, { recursive: true, force: true });
      await shot(page, 'd04-slip-sent');
    });

    const staffPage = watch(await open());
    await step('staff: /admin/ordersConfirm shows the slip; approve', async () => {
      await staffPage.goto(`${baseUrl}/admin/login`, { waitUntil: 'domcontentloaded' });
      await staffPage.getByTestId('staff-username').fill(opts.staffUsername);
      await staffPage.getByTestId('staff-password').fill(opts.staffPassword);
      await staffPage.getByTestId('staff-submit').click();
      await staffPage.waitForURL((url) => url.pathname === '/admin/');
      await staffPage.goto(`${baseUrl}/admin/ordersConfirm`, { waitUntil: 'domcontentloaded' });
      const row = staffPage.getByTestId(`slip-row-${reference}`);
      await row.waitFor();
      await shot(staffPage, 'd05-orders-confirm');
      await row.getByTestId('slip-approve').click();
      await staffPage.getByTestId('confirm-submit').click();
      await row.waitFor({ state: 'detached' });
    });

    await step(
      'staff: /admin/orders on a 1366 px laptop — every column reachable, none cut off',
      async () => {
        await staffPage.setViewportSize({ width: 1366, height: 768 });
        await staffPage.goto(`${baseUrl}/admin/orders`, { waitUntil: 'domcontentloaded' });
        await staffPage.getByText(reference).first().waitFor();
        const fit = await staffPage.evaluate(() => {
          const table = document.querySelector('[data-testid="orders-table"]');
          const wrap = table?.closest('.table-wrap') ?? table?.parentElement;
          const last = table?.querySelector('thead th:last-child');
          if (!wrap || !last) return 'no table';
          const pageOverflow = document.documentElement.scrollWidth - window.innerWidth;
          if (pageOverflow > 0) return `the page is ${pageOverflow}px wider than the window`;
          const box = wrap.getBoundingClientRect();
          if (box.right > window.innerWidth) return `the table box ends at ${box.right}px`;
          // the last column is in view, or the table's own box scrolls to it
          wrap.scrollLeft = wrap.scrollWidth;
          const end = last.getBoundingClientRect().right;
          return end <= box.right + 1 ? 'ok' : `the last column ends at ${end}px, its box at ${box.right}px`;
        });
        assert(fit === 'ok', `/admin/orders at 1366 px: ${fit}`);
        await staffPage.evaluate(() => {
          const wrap = document.querySelector('[data-testid="orders-table"]')?.closest('.table-wrap');
          if (wrap) wrap.scrollLeft = 0;
        });
        await shot(staffPage, 'd06-admin-orders-1366', { fullPage: false });
      },
    );

    await step(
      'buyer: Premium once the saga has run; /member opens with the demo course selected',
      async () => {
        watch(page);
        await untilTrue('Premium in the header', 30_000, async () => {
          await page.goto(`${baseUrl}/`, { waitUntil: 'domcontentloaded' });
          const status = page.getByTestId('user-status');
          await status.waitFor();
          return (await status.getAttribute('data-status')) === 'Premium';
        });
        await page.getByTestId('member-link').click();
        await page.waitForURL((url) => url.pathname === '/member');
        // issue 16: a new member of the demo course signs its terms first (the dialog opens by itself)
        const terms = { page, courseTitle: DEMO.courseTitle, memberName: 'ผู้มาใหม่ เดโม', artifacts };
        await signTermsInDialog(terms);
        await closeTermsDialog(terms);
        await page.waitForFunction(
          (want) => document.querySelector('[data-testid="course-switcher-title"]')?.textContent === want,
          DEMO.courseTitle,
        );
        const onDashboard = (await page.getByTestId('member-course-title').textContent())?.trim();
        assert(onDashboard === DEMO.courseTitle, `the dashboard shows the course "${onDashboard}"`);
        await page.getByTestId('course-switcher').click();
        assert(
          (await page.getByTestId(`course-option-${DEMO.courseId}`).getAttribute('aria-checked')) === 'true',
          'the demo course is not the checked one in the menu',
        );
        await page.keyboard.press('Escape');
        await shot(page, 'd07-member-demo-course');
        await page.setViewportSize(PHONE);
        await page.getByTestId('course-switcher-title').waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert(overflow <= 0, `/member is ${overflow}px wider than the phone`);
        await shot(page, 'd08-member-phone');
      },
    );
  });
}

await journeyProgram(import.meta.url, (opts) => runDemoJourney(opts));
