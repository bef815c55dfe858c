/**
 * Issue 20's "LINE for members": a member links their LINE account from the member area, through
 * LINE Login — here the local LINE stand-in (services/kit/src/testing-line.ts) that npm start and the
 * test stack run. Set-up through the API: a member registers and buys the demo workshop (Premium).
 * Then in the browser: the member signs in, the dashboard's LINE card offers "เชื่อมต่อ LINE"; the
 * button goes to the stand-in's "Sign in to LINE" page, signing in there as a fresh LINE account comes
 * back through /member/line/callback to the dashboard, whose card says the link succeeded and shows
 * "เชื่อมต่อแล้ว"; axe finds nothing serious on the card, and it fits a phone. Disconnecting asks first,
 * then the card offers to connect again.
 *
 *   npx tsx web/e2e/line.e2e.ts
 *   env: BASE_URL (http://127.0.0.1:3000), STAFF_USERNAME, STAFF_PASSWORD, LINE_FAKE_URL, CHROMIUM_PATH
 */
import {
  memberSignIn,
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
  type JourneyOptions,
} from './support.js';

const WORKSHOP = 'price-action-mastery';

export async function runLineJourney(opts: JourneyOptions, lineUrl: string): Promise<void> {
  await inBrowser('line', opts, async ({ baseUrl, log, open, shot, step, watch }) => {
    const stamp = Date.now();
    const member = {
      email: `e2e-line-${stamp}@example.com`,
      password: `E2e-line-${stamp}`,
      phone: `07${String(stamp).slice(-8)}`,
      firstName: 'สมาชิกไลน์',
      lastName: 'ทดสอบ',
    };
    log(`LINE journey against ${baseUrl} (LINE stand-in ${lineUrl}) as ${member.email}`);
    const staff = await staffToken(baseUrl, opts.staffUsername, opts.staffPassword);

    await step('set-up (API): a member buys the demo workshop (Premium)', async () => {
      await memberWhoBought(baseUrl, staff, member, (token) => productAndPrice(baseUrl, token, WORKSHOP));
    });

    const page = watch(await open(DESKTOP));
    await step('member: signs in; the dashboard offers "เชื่อมต่อ LINE"', async () => {
      await memberSignIn(page, baseUrl, member);
      await page.goto(`${baseUrl}/member`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('line-connect').waitFor({ timeout: 30_000 });
    });

    await step('member: LINE\'s page (the stand-in) and back: "เชื่อมต่อ LINE สำเร็จ", connected', async () => {
      await page.getByTestId('line-connect').click();
      await page.waitForURL((url) => url.href.startsWith(`${lineUrl}/oauth2/v2.1/authorize`));
      await page.getByRole('heading', { name: 'Sign in to LINE (local stand-in)' }).waitFor();
      await shot(page, 'l-line-authorize', { fullPage: false });
      await page.getByRole('button', { name: 'Sign in as Another LINE account' }).click();
      await page.waitForURL((url) => url.pathname === '/member', { timeout: 30_000 });
      await page.getByText('เชื่อมต่อ LINE สำเร็จ').waitFor();
      const status = await page.getByTestId('line-status').textContent();
      assert(status === 'เชื่อมต่อแล้ว (Another LINE account)', `the card says "${status}"`);
    });

    await step('member: the LINE card — axe, desktop and phone', async () => {
      const problems = await axeProblems(page);
      assert(problems.length === 0, `axe on the dashboard with the LINE card:\n${problems.join('\n')}`);
      for (const [size, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.getByTestId('line-card').scrollIntoViewIfNeeded();
        const wider = await overflow(page);
        assert(wider <= 0, `the dashboard is ${wider}px wider than the ${size} window`);
        await shot(page, `l-line-card-${size}`, { fullPage: false });
      }
      await page.setViewportSize(DESKTOP);
    });

    await step('member: disconnecting asks first, then the card offers to connect again', async () => {
      await page.getByTestId('line-unlink').click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByRole('button', { name: 'ยกเลิกการเชื่อมต่อ' }).click();
      await page.getByText('ยกเลิกการเชื่อมต่อ LINE แล้ว').waitFor();
      await page.getByTestId('line-connect').waitFor();
    });
  });
}

await journeyProgram(import.meta.url, (opts, env) =>
  runLineJourney(opts, (env.LINE_FAKE_URL ?? 'http://127.0.0.1:3111').replace(/\/+$/, '')),
);
