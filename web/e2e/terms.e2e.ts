/**
 * Issue 16's journey: the signed course terms, on the demo data as `npm start` seeds it. Set-up
 * through the API: a new member buys the demo product "forex-basics" (its course is the demo
 * course) and does not sign. In the browser: on a phone (390 px) the member enters /member and the
 * persistent terms dialog opens, the pad inside the screen's width; on a desktop the member enters
 * /member, the dialog names the course and the member, the member draws a signature with the mouse,
 * ticks the checkbox, confirms, answers the prompt and downloads the signed PDF — its text (pdftotext)
 * holds the course title and the member's name, and its first page is rendered to PNG (pdftoppm)
 * for a person to look at. After closing, /member opens without the dialog and /signature shows the
 * signed terms. Last, staff read the member's signed terms from the enrolment and open the PDF.
 *
 *   npx tsx web/e2e/terms.e2e.ts
 *   env: BASE_URL (http://127.0.0.1:3000), STAFF_USERNAME, STAFF_PASSWORD, CHROMIUM_PATH, HEADFUL=1
 */
import type { Page } from 'playwright-core';
import {
  apiCall,
  assert,
  axeProblems,
  inBrowser,
  journeyProgram,
  memberWhoBought,
  overflow,
  PHONE,
  productAndPrice,
  staffCall,
  staffToken,
  untilTrue,
  type JourneyOptions,
} from './support.js';
import {
  checkSignedTermsPdf,
  closeTermsDialog,
  downloadSignedTerms,
  signTermsInDialog,
} from './steps/terms.js';

const DEMO = {
  forexProduct: 'forex-basics',
  forexTitle: 'Forex พื้นฐาน (Forex Basics)',
};

async function signIn(page: Page, baseUrl: string, who: { email: string; password: string }) {
  await page.goto(`${baseUrl}/login`, { waitUntil: 'domcontentloaded' });
  await page.getByTestId('login-email').fill(who.email);
  await page.getByTestId('login-password').fill(who.password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('member-link').waitFor();
  await page.getByTestId('cookie-agree').click();
}

export async function runTermsJourney(opts: JourneyOptions): Promise<void> {
  await inBrowser('terms', opts, async ({ artifacts, baseUrl, log, open, shot, step, watch }) => {
    const stamp = Date.now();
    const member = {
      email: `e2e-terms-${stamp}@example.com`,
      password: `E2e-terms-${stamp}`,
      phone: `08${String(stamp).slice(-8)}`,
      firstName: 'ลงนาม',
      lastName: `ทดสอบ${String(stamp).slice(-4)}`,
    };
    const memberName = `${member.firstName} ${member.lastName}`;
    log(`terms journey against ${baseUrl} as ${member.email}`);
    const staff = await staffToken(baseUrl, opts.staffUsername, opts.staffPassword);

    const userId = await step('set-up (API): a new member buys Forex Basics and has not signed', async () => {
      const bought = await memberWhoBought(
        baseUrl,
        staff,
        member,
        (token) => productAndPrice(baseUrl, token, DEMO.forexProduct),
        { signTerms: false },
      );
      const { token } = await apiCall<{ token: string }>(baseUrl, null, 'POST', '/auth/login', member);
      // learning writes the terms with the name it heard of at registration
      await untilTrue('learning knows the member’s name', 30_000, async () => {
        const terms = await apiCall<{ signature: string; th: { intro: string } }>(
          baseUrl,
          token,
          'GET',
          '/learning/member/terms',
        ).catch(() => null);
        return terms?.signature === 'N' && terms.th.intro.includes(memberName);
      });
      return bought.userId;
    });

    await step('member on a phone: /member opens the terms dialog; the pad fits 390 px', async () => {
      const phone = watch(await open(PHONE));
      await signIn(phone, baseUrl, member);
      await phone.goto(`${baseUrl}/member`, { waitUntil: 'domcontentloaded' });
      const pad = phone.getByTestId('terms-pad');
      await pad.waitFor({ timeout: 30_000 });
      const box = await pad.boundingBox();
      assert(
        box && box.x >= 0 && box.x + box.width <= PHONE.width,
        `the pad spans ${box?.x}–${(box?.x ?? 0) + (box?.width ?? 0)}`,
      );
      assert((await overflow(phone)) <= 0, 'the page scrolls sideways on a phone');
      await shot(phone, 't-terms-phone', { fullPage: false });
      await phone.context().close();
    });

    const page = watch(await open());
    let pdfFile = '';
    await step('member on a desktop: the dialog, a drawn signature, the prompt, the PDF link', async () => {
      await signIn(page, baseUrl, member);
      await page.goto(`${baseUrl}/member`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('terms-dialog').waitFor({ timeout: 30_000 });
      const problems = await axeProblems(page);
      assert(problems.length === 0, `axe: ${problems.join(' | ')}`);
      await shot(page, 't-terms-dialog', { fullPage: false });
      await signTermsInDialog({ page, courseTitle: DEMO.forexTitle, memberName, artifacts, shot });
    });

    await step('the signed PDF: its text holds the course and the name; page 1 as PNG', async () => {
      const ctx = { page, courseTitle: DEMO.forexTitle, memberName, artifacts };
      pdfFile = await downloadSignedTerms(ctx);
      const png = checkSignedTermsPdf(ctx, pdfFile);
      log(`  the signed PDF: ${pdfFile}; its first page: ${png}`);
      await closeTermsDialog(ctx);
    });

    await step('/member opens without the dialog; /signature shows the signed terms', async () => {
      await page.goto(`${baseUrl}/member`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('member-course-title').waitFor({ timeout: 30_000 });
      await page.getByTestId('course-switcher').click();
      await page.keyboard.press('Escape');
      assert((await page.getByTestId('terms-dialog').count()) === 0, 'the terms dialog opened again');
      await page.goto(`${baseUrl}/signature`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('terms-signed').waitFor();
      await page.getByTestId('terms-download').waitFor();
      await shot(page, 't-signature-page');
    });

    await step('staff: the member’s enrolment carries the signed terms; the PDF opens', async () => {
      const list = await staffCall<{ items: { id: string }[] }>(
        baseUrl,
        staff,
        'GET',
        `/learning/admin/enrolments?userId=${encodeURIComponent(userId)}&page=1&pageSize=20`,
      );
      const enrolment = list.items[0];
      assert(enrolment, 'staff see no enrolment of the member');
      const terms = await staffCall<{ signature: string; pdfUrl: string | null; ip: string | null }>(
        baseUrl,
        staff,
        'GET',
        `/learning/admin/enrolments/${enrolment.id}/terms`,
      );
      assert(terms.signature === 'Y' && terms.pdfUrl, `staff read ${JSON.stringify(terms)}`);
      const pdf = await fetch(`${baseUrl}${terms.pdfUrl}`);
      assert(pdf.status === 200, `the staff PDF link answered ${pdf.status}`);
      assert((await pdf.arrayBuffer()).byteLength > 1000, 'the PDF is empty');
      log(`  signed from ${terms.ip}`);
    });
  });
}

await journeyProgram(import.meta.url, runTermsJourney);
