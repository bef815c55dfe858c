/**
 * Issue 5's journey, end to end against the running stack: staff put a product on sale (API) and
 * make a coupon in /admin/coupon; a new visitor arrives through a referrer's link, presses Buy now,
 * registers inside the buy-now stepper with the e-mailed code, keeps the preselected package, applies
 * the coupon, asks for a company tax invoice with a Thai address, chooses bank transfer and confirms;
 * the amounts are the backend's (12,900 − 1,000 coupon − 3% withholding of 11,900/1.07 = 11,566.36);
 * the buyer sees the order in /orders with its invoice document; staff find it in /admin/orders
 * and the referrer in /admin/affiliate. Then (issue 6) the buyer attaches the transfer slip, staff
 * approve it in /admin/ordersConfirm (the badge drops), the buyer sees the order paid, and the saga
 * ends with the buyer Premium, enrolled in the product's two courses and sent one confirmation e-mail.
 * The two courses are learning's: one made through the API, one by staff in /admin/courses; the
 * product grants both. At the end the buyer logs in afresh, enters /member with the first course
 * selected (its title in the top bar's switcher), switches to the second (through /member/reload)
 * and finds it still selected after a reload; on a phone too.
 *
 *   npx tsx web/e2e/checkout.e2e.ts
 *   env: BASE_URL (http://127.0.0.1:3000), STAFF_USERNAME, STAFF_PASSWORD, CHROMIUM_PATH, HEADFUL=1
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DESKTOP,
  PHONE,
  REGISTER_TEMPLATE,
  assert,
  bangkokDay,
  codeFromDeliveryLog,
  coursePng,
  inBrowser,
  journeyProgram,
  linkCourses,
  productOnSale,
  staffCall,
  signTermsByApi,
  staffToken,
  untilTrue,
  type JourneyOptions,
} from './support.js';

export async function runCheckoutJourney(opts: JourneyOptions): Promise<void> {
  await inBrowser('checkout', opts, async ({ baseUrl, log, open, shot, step, watch }) => {
    const stamp = Date.now();
    const email = `e2e-buy-${stamp}@example.com`;
    const password = `E2e-buy-${stamp}`;
    const phone = `08${String(stamp).slice(-8)}`;
    const invite = `partner-${stamp.toString(36)}`;
    const couponCode = `E2E${stamp.toString(36).toUpperCase()}`;
    const shop = {
      url: `gold-e2e-${stamp.toString(36)}`,
      title: `คอร์สเทรดทองคำ E2E ${stamp.toString(36)}`,
      today: bangkokDay(0),
    };
    const courseTitles = [`เทรดทองคำขั้นพื้นฐาน ${stamp.toString(36)}`, `ไลฟ์เทรดทองคำ ${stamp.toString(36)}`];
    const liveCode = `LIVE${stamp.toString(36).toUpperCase()}`.slice(0, 20);
    /** learning's course ids, in the order the product grants them: [basics (API), live (/admin/courses)] */
    const courses: string[] = [];

    log(`checkout journey against ${baseUrl} as ${email} (referrer ${invite})`);
    const staff = await staffToken(baseUrl, opts.staffUsername, opts.staffPassword);

    const { productId, priceId } = await step(
      'staff (API): a course in learning, a product at ฿12,900, its NL price for today, a bank account',
      async () => {
        const basics = await staffCall<{ id: string }>(baseUrl, staff, 'POST', '/learning/admin/courses', {
          title: courseTitles[0],
          detail: 'พื้นฐานการเทรดทองคำ 4 สัปดาห์',
        });
        courses.push(basics.id);
        const { productId, priceId } = await productOnSale(baseUrl, staff, {
          url: shop.url,
          title: shop.title,
          subtitle: 'จากพื้นฐานสู่ระบบเทรดทองคำ',
          value: 1_290_000,
          start: shop.today,
        });
        await staffCall(baseUrl, staff, 'POST', '/catalog/admin/bank-accounts', {
          bankName: 'ธนาคารไทยพาณิชย์',
          account: '987-6-54321-0',
          accountName: 'บริษัท เรียน จำกัด',
          type: 'ออมทรัพย์',
        });
        return { productId, priceId };
      },
    );

    const staffPage = await open();
    await step(
      'staff (back office): /admin/courses → the second course; the product grants both courses',
      async () => {
        watch(staffPage);
        await staffPage.goto(`${baseUrl}/admin/login`, { waitUntil: 'domcontentloaded' });
        await staffPage.getByTestId('staff-username').fill(opts.staffUsername);
        await staffPage.getByTestId('staff-password').fill(opts.staffPassword);
        await staffPage.getByTestId('staff-submit').click();
        await staffPage.waitForURL((url) => url.pathname === '/admin/');
        await staffPage.goto(`${baseUrl}/admin/courses`, { waitUntil: 'domcontentloaded' });
        await staffPage.getByTestId('courses-new').click();
        const dialog = staffPage.getByTestId('course-dialog');
        await dialog.getByTestId('course-title').fill(courseTitles[1]!);
        await dialog.getByTestId('course-code').fill(liveCode);
        await dialog.getByTestId('course-live-streaming').check();
        await dialog.getByTestId('course-dialog-save').click();
        await dialog.waitFor({ state: 'detached' });
        const row = staffPage.getByTestId(`course-row-${liveCode}`);
        await row.waitFor();
        const liveId = ((await row.getByTestId('course-id-value').textContent()) ?? '').trim();
        assert(/^[0-9a-f-]{36}$/.test(liveId), `the new course's id reads "${liveId}"`);
        courses.push(liveId);
        await shot(staffPage, 'c00-admin-courses');
        await linkCourses(baseUrl, staff, productId, courses);
      },
    );

    await step('staff (back office): /admin/coupon → a ฿1,000 coupon for this product, 5 uses', async () => {
      watch(staffPage);
      await staffPage.goto(`${baseUrl}/admin/coupon`, { waitUntil: 'domcontentloaded' });
      await staffPage.getByTestId('coupon-new').click();
      const dialog = staffPage.getByTestId('coupon');
      await dialog.getByTestId('coupon-code').fill(couponCode);
      await dialog.getByTestId('coupon-name').fill('ส่วนลด 1,000 บาท');
      // the product list loads with the dialog
      await dialog.locator(`[data-testid="coupon-product"] option[value="${productId}"]`).waitFor({
        state: 'attached',
      });
      await dialog.getByTestId('coupon-product').selectOption(productId);
      await dialog.getByTestId('coupon-type').selectOption('Price');
      await dialog.getByTestId('coupon-price').fill('1000');
      await dialog.getByTestId('coupon-limit').fill('5');
      await dialog.getByTestId('coupon-save').click();
      await dialog.waitFor({ state: 'detached' });
      await staffPage.getByTestId(`coupon-row-${couponCode}`).waitFor();
      await shot(staffPage, 'c01-admin-coupon');
    });

    const page = await open();
    watch(page);
    await step('visitor: opens the product from a referrer link and presses Buy now', async () => {
      await page.goto(`${baseUrl}/product/${shop.url}?invite=${invite}`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('cookie-agree').click();
      await page.getByRole('heading', { level: 1, name: shop.title }).waitFor();
      await page.getByTestId('buy-now').click();
      await page.getByTestId('checkout-stepper').waitFor();
      await page.getByTestId('checkout-email').fill(email);
      await page.getByTestId('checkout-email-next').click();
      await page.getByTestId('register-code').waitFor();
      await shot(page, 'c02-buy-now-code');
    });

    await step('visitor: registers inside buy-now with the e-mailed code', async () => {
      const code = await codeFromDeliveryLog(baseUrl, staff, email, 30_000, REGISTER_TEMPLATE);
      await page.getByTestId('register-code').fill(code);
      await page.getByTestId('register-submit').click();
      await page.getByTestId('register-firstName').fill('ผู้ซื้อ');
      await page.getByTestId('register-lastName').fill('ทดลอง');
      await page.getByTestId('register-phone').fill(phone);
      await page.getByTestId('register-password').fill(password);
      await page.getByTestId('register-passwordConfirm').fill(password);
      await page.getByTestId('register-submit').click();
      await page.getByTestId(`checkout-package-${priceId}`).waitFor();
    });

    await step('buyer: the NL package is preselected; the coupon takes ฿1,000 off', async () => {
      const pkg = page.getByTestId(`checkout-package-${priceId}`);
      assert(await pkg.isChecked(), 'the only package is not preselected');
      await page.getByTestId('checkout-coupon-open').click();
      await page.getByTestId('checkout-coupon-code').fill(couponCode);
      await page.getByTestId('checkout-coupon-apply').click();
      const applied = page.getByTestId('checkout-coupon-applied');
      await applied.waitFor();
      const text = (await applied.textContent()) ?? '';
      assert(text.includes(couponCode) && text.includes('1,000.00'), `the coupon reads "${text}"`);
      await shot(page, 'c03-package-coupon');
      await page.getByTestId('checkout-next').click();
    });

    await step(
      'buyer: a company tax invoice with a Thai address (province → district → sub-district → zip)',
      async () => {
        await page.getByTestId('checkout-receipt-yes').check();
        await page.getByTestId('checkout-receipt-company').check();
        await page.getByTestId('checkout-company-name').fill('บริษัท ทดลองเทรด จำกัด');
        await page.getByTestId('checkout-company-taxid').fill('0105558000111');
        await page.getByTestId('checkout-company-address').fill('99/9 ถนนพหลโยธิน');
        await page.getByTestId('checkout-province').selectOption({ label: 'กรุงเทพมหานคร' });
        await page.getByTestId('checkout-district').selectOption({ label: 'จตุจักร' });
        await page.getByTestId('checkout-sub-district').selectOption({ label: 'จอมพล' });
        const zip = page.getByTestId('checkout-zip');
        await page.waitForFunction(
          (el) => (el as HTMLInputElement | null)?.value === '10900',
          await zip.elementHandle(),
        );
        await page.getByTestId('checkout-company-phone').fill('0812345678');
        await shot(page, 'c04-invoice-company');
        await page.getByTestId('checkout-next').click();
      },
    );

    const reference = await step(
      'buyer: bank transfer, confirm → the reference and the net the backend computed',
      async () => {
        const transfer = page.getByTestId('checkout-pay-4');
        assert(await transfer.isChecked(), 'bank transfer (4) is not the default');
        const ordered = page.waitForResponse(
          (r) => new URL(r.url()).pathname === '/api/orders/checkout' && r.request().method() === 'POST',
        );
        await page.getByTestId('checkout-confirm').click();
        const reply = await ordered;
        assert(reply.status() === 201, `checkout answered ${reply.status()}: ${await reply.text()}`);
        const body = (await reply.json()) as {
          order: {
            reference: string;
            net: number;
            discount: number;
            withholding: number;
            invite: string | null;
          };
        };
        // 12,900 − 1,000 = 11,900; withholding 3% of 11,900 × 100/107 = 333.64; net 11,566.36
        assert(body.order.discount === 100_000, `discount ${body.order.discount}`);
        assert(body.order.withholding === 33_364, `withholding ${body.order.withholding}`);
        assert(body.order.net === 1_156_636, `net ${body.order.net}`);
        assert(body.order.invite === invite, `the order's referrer is ${body.order.invite}`);
        const ref = (await page.getByTestId('checkout-reference').textContent())?.trim() ?? '';
        assert(ref === body.order.reference && /^SPSK\d{10}$/.test(ref), `the reference shown is "${ref}"`);
        const net = (await page.getByTestId('checkout-net').textContent()) ?? '';
        assert(net.includes('11,566.36'), `the net shown is "${net}"`);
        await shot(page, 'c05-ordered');
        return ref;
      },
    );

    await step('buyer: the join-group step, then done (confirmation e-mail within 24 hours)', async () => {
      await page.getByTestId('checkout-next').click();
      await page.getByTestId('checkout-group').waitFor();
      await shot(page, 'c06-join-group');
      await page.getByTestId('checkout-next').click();
      await page.getByTestId('checkout-done').waitFor();
      const done = (await page.getByTestId('checkout-done').textContent()) ?? '';
      assert(done.includes('24'), `the completion text does not mention 24 hours: "${done}"`);
      await shot(page, 'c07-done');
      await page.getByTestId('checkout-close').click();
      await page.getByTestId('checkout-stepper').waitFor({ state: 'detached' });
    });

    await step('buyer: /orders shows the order, waiting, with its net; on a phone too', async () => {
      await page.goto(`${baseUrl}/orders`, { waitUntil: 'domcontentloaded' });
      const row = page.getByTestId(`my-order-${reference}`);
      await row.waitFor();
      const net = (await row.getByTestId('my-order-net').first().textContent()) ?? '';
      assert(net.includes('11,566.36'), `the order's net reads "${net}"`);
      await row.getByTestId('my-order-status').first().waitFor();
      await shot(page, 'c08-my-orders');
      await page.setViewportSize(PHONE);
      await row.waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert(overflow <= 0, `/orders is ${overflow}px wider than the phone`);
      await shot(page, 'c09-my-orders-phone');
      await page.setViewportSize(DESKTOP);
    });

    await step('staff: /admin/orders finds the order; /admin/affiliate counts the referrer', async () => {
      watch(staffPage);
      await staffPage.goto(`${baseUrl}/admin/orders`, { waitUntil: 'domcontentloaded' });
      await staffPage.getByText(reference).first().waitFor();
      await shot(staffPage, 'c10-admin-orders');
      await staffPage.goto(`${baseUrl}/admin/affiliate`, { waitUntil: 'domcontentloaded' });
      await staffPage.getByText(invite).first().waitFor();
      await shot(staffPage, 'c11-admin-affiliate');
      const found = await staffCall<{ items: { reference: string; status: string; receiptType: string }[] }>(
        baseUrl,
        staff,
        'GET',
        `/orders/admin/orders?invite=${encodeURIComponent(invite)}&page=1&pageSize=20`,
      );
      assert(
        found.items.length === 1 &&
          found.items[0]?.reference === reference &&
          found.items[0].status === 'wait',
        `the referrer's orders: ${JSON.stringify(found.items)}`,
      );
    });

    await step(
      'buyer (issue 6): attaches the transfer slip on /orders — date, 24-hour time, image',
      async () => {
        watch(page);
        const dir = await mkdtemp(path.join(tmpdir(), 'rian-slip-'));
        const file = path.join(dir, 'slip.png');
        await writeFile(file, coursePng(240, 360));
        const row = page.getByTestId(`my-order-${reference}`);
        const attach = row.getByTestId('my-order-attach-slip');
        await attach.click();
        const dialog = page.getByTestId('slip-dialog');
        const submit = dialog.getByTestId('slip-submit');
        assert(await submit.isDisabled(), 'the slip button is enabled before a slip is chosen');
        await dialog.getByTestId('slip-file').setInputFiles(file);
        await dialog.getByTestId('slip-time').fill('10:30');
        const sent = page.waitForResponse(
          (r) => new URL(r.url()).pathname.endsWith(`/slip`) && r.request().method() === 'POST',
        );
        await submit.click();
        const reply = await sent;
        assert(reply.status() === 201, `the slip upload answered ${reply.status()}: ${await reply.text()}`);
        await dialog.waitFor({ state: 'detached' });
        await rm(dir, { recursive: true, force: true });
        await shot(page, 'c12-slip-sent');
      },
    );

    await step(
      'staff (issue 6): /admin/ordersConfirm shows the slip, approve → the badge drops',
      async () => {
        watch(staffPage);
        await staffPage.goto(`${baseUrl}/admin/ordersConfirm`, { waitUntil: 'domcontentloaded' });
        const row = staffPage.getByTestId(`slip-row-${reference}`);
        await row.waitFor();
        const count = async () =>
          Number((await staffPage.getByTestId('orders-waiting-count').textContent())?.trim() || '0');
        await staffPage.getByTestId('orders-waiting-count').waitFor();
        const before = await count();
        assert(before >= 1, `the badge shows ${before} slips waiting`);
        await shot(staffPage, 'c13-orders-confirm');
        await row.getByTestId('slip-approve').click();
        await staffPage.getByTestId('confirm-submit').click();
        await row.waitFor({ state: 'detached' });
        await staffPage.waitForFunction(
          (n) =>
            Number(
              document.querySelector('[data-testid="orders-waiting-count"]')?.textContent?.trim() || '0',
            ) < n,
          before,
        );
      },
    );

    await step(
      'buyer (issue 6): the order is paid on /orders once orders has heard the approval',
      async () => {
        watch(page);
        const deadline = Date.now() + 15_000;
        for (;;) {
          await page.goto(`${baseUrl}/orders`, { waitUntil: 'domcontentloaded' });
          const badge = page.getByTestId(`my-order-${reference}`).getByTestId('my-order-status').first();
          await badge.waitFor();
          if ((await badge.getAttribute('data-status')) === 'paid') break;
          assert(Date.now() < deadline, `the order is still ${await badge.getAttribute('data-status')}`);
          await page.waitForTimeout(500);
        }
        await shot(page, 'c14-order-paid');
      },
    );

    await step(
      'the saga (issue 6): the buyer is Premium, enrolled in both courses, sent one confirmation e-mail',
      async () => {
        const found = await staffCall<{ items: { id: string; email: string }[] }>(
          baseUrl,
          staff,
          'GET',
          `/auth/admin/users?q=${encodeURIComponent(email)}&page=1&pageSize=20`,
        );
        const user = found.items.find((u) => u.email.toLowerCase() === email);
        assert(user, `no user ${email}`);
        const until = async <T>(what: string, read: () => Promise<T | undefined>): Promise<T> => {
          const deadline = Date.now() + 15_000;
          for (;;) {
            const value = await read();
            if (value !== undefined) return value;
            assert(Date.now() < deadline, `${what} did not happen within 15 s`);
            await new Promise((r) => setTimeout(r, 500));
          }
        };
        await until('the enrolments', async () => {
          const page = await staffCall<{ items: { courseId: string }[] }>(
            baseUrl,
            staff,
            'GET',
            `/learning/admin/enrolments?userId=${user.id}&page=1&pageSize=20`,
          );
          const ids = page.items.map((e) => e.courseId).sort();
          return JSON.stringify(ids) === JSON.stringify([...courses].sort()) ? ids : undefined;
        });
        const confirmations = async () =>
          (
            await staffCall<{ items: { to: string; template: string }[] }>(
              baseUrl,
              staff,
              'GET',
              `/notifications/deliveries?to=${encodeURIComponent(email)}&template=orders.order-confirmed&page=1&pageSize=20`,
            )
          ).items.filter((d) => d.template === 'orders.order-confirmed');
        await until('the order-confirmed e-mail', async () =>
          (await confirmations()).length ? true : undefined,
        );
        await new Promise((r) => setTimeout(r, 1_000));
        const sent = (await confirmations()).length;
        assert(sent === 1, `${sent} order-confirmed e-mails, expected one`);
        await until('Premium in the header', async () => {
          await page.reload({ waitUntil: 'domcontentloaded' });
          const status = page.getByTestId('user-status');
          await status.waitFor();
          return (await status.getAttribute('data-status')) === 'Premium' ? true : undefined;
        });
        await shot(page, 'c15-premium');
      },
    );

    await step(
      'buyer (issue 6, a fresh browser): logs in, enters /member with the first course selected',
      async () => {
        // issue 16: the courses' terms signed through the API (member-onboarding.e2e.ts signs in the browser)
        await signTermsByApi(baseUrl, { email, password });
        const member = await open();
        watch(member);
        await member.goto(`${baseUrl}/`, { waitUntil: 'domcontentloaded' });
        await member.getByTestId('cookie-agree').click();
        await member.goto(`${baseUrl}/login`, { waitUntil: 'domcontentloaded' });
        await member.getByTestId('login-email').fill(email);
        await member.getByTestId('login-password').fill(password);
        await member.getByTestId('login-submit').click();
        await member.getByTestId('login-submit').waitFor({ state: 'detached' });
        // Premium: the header's login button is now the Member button
        await member.getByTestId('member-link').click();
        await member.waitForURL((url) => url.pathname === '/member');
        const title = member.getByTestId('course-switcher-title');
        await member.waitForFunction(
          (want) => document.querySelector('[data-testid="course-switcher-title"]')?.textContent === want,
          courseTitles[0],
        );
        const onDashboard = (await member.getByTestId('member-course-title').textContent())?.trim();
        assert(onDashboard === courseTitles[0], `the dashboard shows the course "${onDashboard}"`);
        await shot(member, 'c16-member-first-course');

        const trail: string[] = [];
        member.on('framenavigated', (frame) => {
          if (frame === member.mainFrame()) trail.push(new URL(frame.url()).pathname);
        });
        await member.getByTestId('course-switcher').click();
        const second = member.getByTestId(`course-option-${courses[1]}`);
        assert(
          (await member.getByTestId(`course-option-${courses[0]}`).getAttribute('aria-checked')) === 'true',
          'the first course is not the checked one in the menu',
        );
        await shot(member, 'c17-member-switcher-open');
        const saved = member.waitForResponse(
          (r) =>
            new URL(r.url()).pathname === '/api/learning/enrolments/select' &&
            r.request().method() === 'POST',
        );
        await second.click();
        const reply = await saved;
        assert(reply.status() === 200, `the course switch answered ${reply.status()}: ${await reply.text()}`);
        // the saved selection may show on the dashboard before the page leaves for /member/reload:
        // wait for the reload itself, then for the dashboard it returns to
        await untilTrue('the switch goes through /member/reload', 15_000, async () =>
          trail.includes('/member/reload'),
        );
        await member.waitForFunction(
          (want) =>
            window.location.pathname === '/member' &&
            document.querySelector('[data-testid="member-course-title"]')?.textContent === want,
          courseTitles[1],
        );
        assert(
          trail.includes('/member/reload'),
          `the switch went ${trail.join(' → ')}, not through /member/reload`,
        );
        assert(
          (await title.textContent()) === courseTitles[1],
          'the switcher does not show the second course',
        );

        // saved by learning, not only on screen: a reload (a new read) keeps it
        await member.reload({ waitUntil: 'domcontentloaded' });
        await member.waitForFunction(
          (want) => document.querySelector('[data-testid="course-switcher-title"]')?.textContent === want,
          courseTitles[1],
        );
        await shot(member, 'c18-member-second-course');

        await member.setViewportSize(PHONE);
        await title.waitFor();
        const overflow = await member.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        assert(overflow <= 0, `/member is ${overflow}px wider than the phone`);
        assert(await title.isVisible(), 'the course switcher is hidden on a phone');
        await shot(member, 'c19-member-phone');
        await member.context().close();
      },
    );
  });
}

await journeyProgram(import.meta.url, (opts) => runCheckoutJourney(opts));
