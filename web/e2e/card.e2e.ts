/**
 * Issue 6's card path, end to end in a real Chromium: staff put a product on sale (API: an NL price
 * for today, a course of learning's); a new visitor presses Buy now, registers inside the stepper
 * with the e-mailed code, chooses card (payment type 1) — orders adds the 3% card fee: 4,990 + 149.70
 * = 5,139.70 — and from the completion step reaches /creditCard/{ref} (Thai, and on a phone). A
 * tampered ref shows the error page and pays nothing. Pay posts the hidden 2C2P form to the provider
 * simulator's hosted page (across the gateway's CSP form-action); "Pay, notify later" there sends the
 * browser back to our page first, which waits for the result, and the signed notification 3 s later;
 * then the page offers the return button and /orders shows the order paid; the saga ends with the
 * enrolment and one order-confirmed e-mail. Last, a bank-transfer order's /qrPlayment/{ref} shows a
 * PromptPay QR and the amount.
 *
 *   npx tsx web/e2e/card.e2e.ts
 *   env: BASE_URL (http://127.0.0.1:3000), STAFF_USERNAME, STAFF_PASSWORD, CHROMIUM_PATH, HEADFUL=1
 *   (payments must post its card form to the simulator: deploy/local/stack.mjs startPaymentSimulator)
 */
import {
  PHONE,
  REGISTER_TEMPLATE,
  assert,
  linkCourses,
  productOnSale,
  codeFromDeliveryLog,
  inBrowser,
  journeyProgram,
  staffCall,
  staffToken,
  untilTrue,
  type JourneyOptions,
} from './support.js';

type CheckoutOrder = {
  id: string;
  reference: string;
  paymentType: number;
  total: number;
  discount: number;
  fee: number;
  withholding: number;
  net: number;
};

/** A ref with one character of its sealed body changed (still base64url, same length). */
function tamper(ref: string): string {
  const i = Math.floor(ref.length / 2);
  return `${ref.slice(0, i)}${ref[i] === 'A' ? 'B' : 'A'}${ref.slice(i + 1)}`;
}

export async function runCardJourney(opts: JourneyOptions): Promise<void> {
  await inBrowser('card', opts, async ({ baseUrl, log, open, shot, step, watch }) => {
    const stamp = Date.now();
    const email = `e2e-card-${stamp}@example.com`;
    const password = `E2e-card-${stamp}`;
    const phone = `09${String(stamp).slice(-8)}`;
    const shop = {
      url: `card-e2e-${stamp.toString(36)}`,
      title: `คอร์สเทรดหุ้นด้วยบัตร E2E ${stamp.toString(36)}`,
    };
    const courseTitle = `เทรดหุ้นพื้นฐาน ${stamp.toString(36)}`;

    log(`card journey against ${baseUrl} as ${email}`);
    const staff = await staffToken(baseUrl, opts.staffUsername, opts.staffPassword);

    const { priceId, courseId } = await step(
      'staff (API): a course in learning, a product at ฿4,990 granting it, its NL price for today',
      async () => {
        const course = await staffCall<{ id: string }>(baseUrl, staff, 'POST', '/learning/admin/courses', {
          title: courseTitle,
          detail: 'พื้นฐานการเทรดหุ้น',
        });
        const { productId, priceId } = await productOnSale(baseUrl, staff, {
          url: shop.url,
          title: shop.title,
          subtitle: 'ชำระด้วยบัตรเครดิต',
          value: 499_000,
        });
        await linkCourses(baseUrl, staff, productId, [course.id]);
        return { priceId, courseId: course.id };
      },
    );

    const page = await open();
    watch(page);
    await step('visitor: opens the product, presses Buy now, registers with the e-mailed code', async () => {
      await page.goto(`${baseUrl}/product/${shop.url}`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('cookie-agree').click();
      await page.getByRole('heading', { level: 1, name: shop.title }).waitFor();
      await page.getByTestId('buy-now').click();
      await page.getByTestId('checkout-stepper').waitFor();
      await page.getByTestId('checkout-email').fill(email);
      await page.getByTestId('checkout-email-next').click();
      const code = await codeFromDeliveryLog(baseUrl, staff, email, 30_000, REGISTER_TEMPLATE);
      await page.getByTestId('register-code').fill(code);
      await page.getByTestId('register-submit').click();
      await page.getByTestId('register-firstName').fill('ผู้ซื้อบัตร');
      await page.getByTestId('register-lastName').fill('ทดลอง');
      await page.getByTestId('register-phone').fill(phone);
      await page.getByTestId('register-password').fill(password);
      await page.getByTestId('register-passwordConfirm').fill(password);
      await page.getByTestId('register-submit').click();
      const pkg = page.getByTestId(`checkout-package-${priceId}`);
      await pkg.waitFor();
      assert(await pkg.isChecked(), 'the only package is not preselected');
      await page.getByTestId('checkout-next').click();
      // no tax invoice
      await page.getByTestId('checkout-invoice').waitFor();
      await page.getByTestId('checkout-next').click();
    });

    const order = await step(
      'buyer: card (type 1), confirm → orders adds the 3% fee: 4,990 + 149.70 = 5,139.70',
      async () => {
        await page.getByTestId('checkout-pay-1').check();
        const ordered = page.waitForResponse(
          (r) => new URL(r.url()).pathname === '/api/orders/checkout' && r.request().method() === 'POST',
        );
        await shot(page, 'k01-pay-by-card');
        await page.getByTestId('checkout-confirm').click();
        const reply = await ordered;
        assert(reply.status() === 201, `checkout answered ${reply.status()}: ${await reply.text()}`);
        const { order } = (await reply.json()) as { order: CheckoutOrder };
        assert(order.paymentType === 1, `the order's payment type is ${order.paymentType}`);
        assert(
          order.total === 499_000 && order.discount === 0,
          `total ${order.total}, discount ${order.discount}`,
        );
        assert(order.fee === 14_970, `card fee ${order.fee}, expected 14,970 satang (3% of 4,990)`);
        assert(order.withholding === 0 && order.net === 513_970, `net ${order.net}`);
        const ref = (await page.getByTestId('checkout-reference').textContent())?.trim() ?? '';
        assert(ref === order.reference, `the reference shown is "${ref}", orders said ${order.reference}`);
        const fee = (await page.getByTestId('checkout-fee').textContent()) ?? '';
        assert(fee.includes('149.70'), `the fee shown is "${fee}"`);
        const net = (await page.getByTestId('checkout-net').textContent()) ?? '';
        assert(net.includes('5,139.70'), `the net shown is "${net}"`);
        return order;
      },
    );

    const payRef = await step(
      'buyer: the completion step links to /creditCard/{ref}: reference and amount, in Thai',
      async () => {
        // the ref comes once payments has heard orders.order.created
        const link = page.getByTestId('pay-link-card');
        await link.waitFor();
        await shot(page, 'k02-ordered-card');
        await link.click();
        await page.waitForURL((url) => url.pathname.startsWith('/creditCard/'));
        const ref = decodeURIComponent(new URL(page.url()).pathname.slice('/creditCard/'.length));
        assert(/^[A-Za-z0-9_-]{20,200}$/.test(ref), `the page's ref is "${ref}"`);
        await page.getByTestId('pay-card').waitFor();
        const shown = (await page.getByTestId('pay-reference').textContent())?.trim();
        assert(shown === order.reference, `the card page shows the reference "${shown}"`);
        const amount = (await page.getByTestId('pay-amount').textContent()) ?? '';
        assert(amount.includes('5,139.70'), `the card page shows the amount "${amount}"`);
        const title = (await page.locator('#pay-title').textContent()) ?? '';
        assert(title.includes('ชำระเงินด้วยบัตร'), `the card page's title is "${title}" (not Thai)`);
        assert((await page.locator('html').getAttribute('lang')) === 'th', 'the page is not in Thai');
        await shot(page, 'k03-credit-card');
        return ref;
      },
    );

    await step('buyer: the card page on a phone fits the screen (screenshot)', async () => {
      await page.setViewportSize(PHONE);
      await page.getByTestId('pay-card').waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert(overflow <= 0, `/creditCard is ${overflow}px wider than the phone`);
      assert(await page.getByTestId('pay-card').isVisible(), 'the pay button is hidden on a phone');
      await shot(page, 'k04-credit-card-phone');
    });

    await step('buyer: a tampered ref shows the error page; nothing can be paid with it', async () => {
      const forged = tamper(payRef);
      await page.goto(`${baseUrl}/creditCard/${forged}`, { waitUntil: 'domcontentloaded' });
      const alert = page.getByRole('alert');
      await alert.waitFor();
      const text = (await alert.textContent()) ?? '';
      assert(text.includes('ไม่พบรายการชำระเงินนี้'), `the tampered ref's page says "${text}"`);
      assert(
        (await page.getByTestId('pay-card').count()) === 0,
        'a tampered ref still offers the pay button',
      );
      assert((await page.getByTestId('pay-summary').count()) === 0, 'a tampered ref shows an amount');
      await page.getByRole('link', { name: 'ไปที่คำสั่งซื้อของฉัน' }).waitFor();
      await shot(page, 'k05-tampered-ref-phone');
      // the same answer from the API, for the card form too: no form, so no payment
      for (const [method, suffix] of [
        ['GET', ''],
        ['POST', '/card'],
      ] as const) {
        const res = await fetch(`${baseUrl}/api/payments/pay/${forged}${suffix}`, {
          method,
          headers: { Accept: 'application/json' },
        });
        const body = (await res.json()) as { code?: string };
        assert(
          res.status === 404 && body.code === 'payments.ref_invalid',
          `${method} /pay/{tampered}${suffix} answered ${res.status} ${body.code}`,
        );
      }
      // still waiting on /orders, the card link still there
      await page.goto(`${baseUrl}/orders`, { waitUntil: 'domcontentloaded' });
      const row = page.getByTestId(`my-order-${order.reference}`);
      await row.waitFor();
      const status = await row.getByTestId('my-order-status').first().getAttribute('data-status');
      assert(status === 'wait', `after the tampered ref the order is "${status}"`);
      await row.getByTestId('pay-link-card').waitFor();
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    const simulatorUrl = await step(
      'buyer: Pay posts the hidden form to the provider simulator (CSP form-action): its page shows the amount',
      async () => {
        await page.goto(`${baseUrl}/creditCard/${payRef}`, { waitUntil: 'domcontentloaded' });
        const csp: string[] = [];
        page.on('console', (m) => {
          if (/Content Security Policy/i.test(m.text())) csp.push(m.text());
        });
        await page.getByTestId('pay-card').click();
        await page
          .waitForURL((url) => url.pathname === '/RedirectV3/payment', { timeout: 15_000 })
          .catch((error: unknown) => {
            throw new Error(
              `the browser stayed on ${page.url()}${csp.length ? ` (CSP: ${csp.join(' | ')})` : ''}: ${String(error)}`,
            );
          });
        const there = new URL(page.url());
        assert(
          there.origin !== new URL(baseUrl).origin,
          `the card page is on our own origin ${there.origin}`,
        );
        const amount = (await page.locator('[data-amount]').textContent())?.trim();
        assert(amount === 'THB 5139.70', `the provider's page asks for "${amount}"`);
        const description = (await page.locator('body').textContent()) ?? '';
        assert(description.includes(order.reference), `the provider's page does not name ${order.reference}`);
        await shot(page, 'k06-provider-card-page');
        return there.origin;
      },
    );

    await step(
      'buyer: Pay on the provider page (notified 3 s later) → back on /creditCard/{ref}?back=1, waiting, then paid and the return button',
      async () => {
        const trail: string[] = [];
        page.on('framenavigated', (frame) => {
          if (frame === page.mainFrame()) trail.push(frame.url());
        });
        // the provider's backend notification comes after the browser is back (as 2C2P's may)
        await page.getByRole('button', { name: /^Pay, notify/ }).click();
        await page.waitForURL(
          (url) => url.origin === new URL(baseUrl).origin && url.pathname === `/creditCard/${payRef}`,
        );
        assert(new URL(page.url()).searchParams.get('back') === '1', `back on ${page.url()}`);
        await page.getByTestId('pay-waiting').waitFor();
        assert((await page.getByTestId('pay-card').count()) === 0, 'the waiting page offers to pay again');
        await shot(page, 'k07-card-waiting');
        const done = page.getByTestId('pay-done');
        await done.waitFor({ timeout: 15_000 });
        const amount = (await page.getByTestId('pay-amount').textContent()) ?? '';
        assert(amount.includes('5,139.70'), `after paying the page shows "${amount}"`);
        assert(
          trail.some((u) => u.startsWith(simulatorUrl)),
          `the browser never went to the provider: ${trail.join(' → ')}`,
        );
        await shot(page, 'k08-card-paid');
        await page.getByTestId('pay-return').click();
        await page.waitForURL((url) => url.pathname === '/orders');
      },
    );

    await step('buyer: /orders shows the order paid, with no pay link left', async () => {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const row = page.getByTestId(`my-order-${order.reference}`);
        const badge = row.getByTestId('my-order-status').first();
        await badge.waitFor();
        if ((await badge.getAttribute('data-status')) === 'paid') {
          assert((await row.getByTestId('pay-link-card').count()) === 0, 'a paid order still links to pay');
          break;
        }
        assert(Date.now() < deadline, `the order is still ${await badge.getAttribute('data-status')}`);
        await page.waitForTimeout(500);
        await page.reload({ waitUntil: 'domcontentloaded' });
      }
      await shot(page, 'k09-order-paid');
      // the ref pays nothing more: the card form is refused now
      const again = await fetch(`${baseUrl}/api/payments/pay/${payRef}/card`, {
        method: 'POST',
        headers: { Accept: 'application/json' },
      });
      const body = (await again.json()) as { code?: string };
      assert(
        again.status === 409 && body.code === 'payments.nothing_due',
        `a second card form answered ${again.status} ${body.code}`,
      );
    });

    await step(
      'the saga: the buyer is enrolled in the course and sent one order-confirmed e-mail',
      async () => {
        const found = await staffCall<{ items: { id: string; email: string }[] }>(
          baseUrl,
          staff,
          'GET',
          `/auth/admin/users?q=${encodeURIComponent(email)}&page=1&pageSize=20`,
        );
        const user = found.items.find((u) => u.email.toLowerCase() === email);
        assert(user, `no user ${email}`);
        await untilTrue('the enrolment', 15_000, async () => {
          const enrolments = await staffCall<{ items: { courseId: string }[] }>(
            baseUrl,
            staff,
            'GET',
            `/learning/admin/enrolments?userId=${user.id}&page=1&pageSize=20`,
          );
          return enrolments.items.length === 1 && enrolments.items[0]?.courseId === courseId;
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
        await untilTrue('the order-confirmed e-mail', 15_000, async () => (await confirmations()).length > 0);
        await new Promise((r) => setTimeout(r, 1_000));
        const sent = (await confirmations()).length;
        assert(sent === 1, `${sent} order-confirmed e-mails, expected one`);
        const paid = await staffCall<{ items: { reference: string; status: string }[] }>(
          baseUrl,
          staff,
          'GET',
          `/orders/admin/orders?q=${encodeURIComponent(order.reference)}&page=1&pageSize=20`,
        );
        const mine = paid.items.find((o) => o.reference === order.reference);
        assert(mine?.status === 'paid', `staff see the order as ${mine?.status}`);
      },
    );

    await step(
      'buyer: a bank-transfer order → /qrPlayment/{ref} shows a PromptPay QR and the amount',
      async () => {
        await page.goto(`${baseUrl}/product/${shop.url}`, { waitUntil: 'domcontentloaded' });
        await page.getByTestId('buy-now').click();
        await page.getByTestId(`checkout-package-${priceId}`).waitFor();
        await page.getByTestId('checkout-next').click();
        await page.getByTestId('checkout-invoice').waitFor();
        await page.getByTestId('checkout-next').click();
        assert(await page.getByTestId('checkout-pay-4').isChecked(), 'bank transfer (4) is not the default');
        const ordered = page.waitForResponse(
          (r) => new URL(r.url()).pathname === '/api/orders/checkout' && r.request().method() === 'POST',
        );
        await page.getByTestId('checkout-confirm').click();
        const reply = await ordered;
        assert(reply.status() === 201, `checkout answered ${reply.status()}: ${await reply.text()}`);
        const transfer = ((await reply.json()) as { order: CheckoutOrder }).order;
        await page.goto(`${baseUrl}/orders`, { waitUntil: 'domcontentloaded' });
        const row = page.getByTestId(`my-order-${transfer.reference}`);
        await row.getByTestId('my-order-toggle').click();
        await row.getByTestId('pay-link-qr').click();
        await page.waitForURL((url) => url.pathname.startsWith('/qrPlayment/'));
        const image = page.getByTestId('pay-qr-image');
        await image.waitFor();
        await page.waitForFunction(
          (el) => el instanceof HTMLImageElement && el.complete && el.naturalWidth > 0,
          await image.elementHandle(),
        );
        const want = (transfer.net / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
        const amount = (await page.getByTestId('pay-amount').textContent()) ?? '';
        assert(amount.includes(want), `the QR page shows the amount "${amount}", expected ${want}`);
        const alt = (await image.getAttribute('alt')) ?? '';
        assert(alt.includes(want), `the QR's alt text is "${alt}"`);
        await shot(page, 'k10-qr-payment');
      },
    );
  });
}

await journeyProgram(import.meta.url, (opts) => runCardJourney(opts));
