/**
 * Issue 16's journey (member groups) on the demo data as `npm start` seeds it. Set-up through the API
 * (not the subject): a member registers and buys the demo product "forex-basics" (the demo course
 * Forex Basics, with its LINE and Facebook groups). In the browser, the member enters /member: the
 * Facebook join prompt is put off with "later", the LINE one opens the LINE group dialog (full name,
 * phone, the code "course code + nickname"; persistent; the card below the QR images on a phone)
 * and the member asks to join. Staff approve the request with a note in /admin/memberGroupUser; the
 * ConfirmGroup e-mail is in the delivery log (sent, once); the enrolment's LINE flag is set; back in
 * the member area the side panel's LINE button shows the request approved.
 *
 *   npx tsx web/e2e/groups.e2e.ts
 *   env: BASE_URL (http://127.0.0.1:3000), STAFF_USERNAME, STAFF_PASSWORD, CHROMIUM_PATH, HEADFUL=1
 */
import { DEMO_COURSE_IDS } from '@rian/proto-contracts/demo';
import {
  axeProblems,
  assert,
  DESKTOP,
  inBrowser,
  journeyProgram,
  memberWhoBought,
  productAndPrice,
  staffToken,
  type JourneyOptions,
} from './support.js';
import {
  confirmGroupEmailSent,
  DEMO_LINE_GROUP,
  groupRequestOf,
  lineFlagFollows,
  memberJoinsLineGroup,
  staffApprovesGroupRequest,
  type GroupMember,
} from './steps/groups.js';

const FOREX = {
  product: 'forex-basics',
  courseId: DEMO_COURSE_IDS.forexBasics,
  code: 'FXB-2027',
  title: 'Forex พื้นฐาน (Forex Basics)',
};

export async function runGroupsJourney(opts: JourneyOptions): Promise<void> {
  await inBrowser('groups', opts, async ({ baseUrl, log, open, shot, step, watch }) => {
    const stamp = Date.now();
    const who = {
      email: `e2e-groups-${stamp}@example.com`,
      password: `E2e-groups-${stamp}`,
      firstName: 'กลุ่มไลน์',
      lastName: 'ทดสอบ',
      phone: `08${String(stamp).slice(-8)}`,
    };
    log(`groups journey against ${baseUrl} as ${who.email}`);
    const staff = await staffToken(baseUrl, opts.staffUsername, opts.staffPassword);

    const member: GroupMember = await step('set-up (API): a member buys Forex Basics', async () => {
      const bought = await memberWhoBought(baseUrl, staff, who, (token) =>
        productAndPrice(baseUrl, token, FOREX.product),
      );
      return { ...who, userId: bought.userId, nickname: null };
    });

    const page = watch(await open(DESKTOP, { groupPrompts: true }));
    await step('member: signs in', async () => {
      await page.goto(`${baseUrl}/login`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('login-email').fill(who.email);
      await page.getByTestId('login-password').fill(who.password);
      await page.getByTestId('login-submit').click();
      await page.getByTestId('member-link').waitFor();
      await page.getByTestId('cookie-agree').click();
    });

    await step(
      'member: /member — "later" on the Facebook prompt, joins the LINE group in its dialog',
      async () => {
        await page.goto(`${baseUrl}/member`, { waitUntil: 'domcontentloaded' });
        await memberJoinsLineGroup({ page, baseUrl, member, courseCode: FOREX.code, shot });
        const problems = await axeProblems(page);
        assert(problems.length === 0, `axe on the member area after the dialogs:\n${problems.join('\n')}`);
      },
    );

    const request = await step('the request reaches staff, waiting', async () => {
      const r = await groupRequestOf(baseUrl, staff, member.userId, DEMO_LINE_GROUP);
      assert(r.status === 'requested', `the request is ${r.status}`);
      return r;
    });

    const admin = watch(await open(DESKTOP));
    await step('staff: sign in, approve the request with a note in /admin/memberGroupUser', async () => {
      await admin.goto(`${baseUrl}/admin/login`, { waitUntil: 'domcontentloaded' });
      await admin.getByTestId('staff-username').fill(opts.staffUsername);
      await admin.getByTestId('staff-password').fill(opts.staffPassword);
      await admin.getByTestId('staff-submit').click();
      await admin.waitForURL((url) => url.pathname === '/admin/');
      await staffApprovesGroupRequest({
        page: admin,
        baseUrl,
        requestId: request.id,
        note: 'ยินดีต้อนรับเข้ากลุ่ม',
        shot,
      });
    });

    await step(
      'the ConfirmGroup e-mail is in the delivery log (sent, once); the LINE flag is set',
      async () => {
        const mail = await confirmGroupEmailSent({
          baseUrl,
          staff,
          email: who.email,
          courseTitle: FOREX.title,
        });
        log(`  e-mail: ${mail.subject}`);
        await lineFlagFollows({ baseUrl, staff, userId: member.userId, courseId: FOREX.courseId });
      },
    );

    await step('member: the side panel’s LINE button shows the request approved', async () => {
      await page.goto(`${baseUrl}/member`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('member-stand-by').waitFor({ state: 'detached', timeout: 30_000 });
      const side = page.getByTestId('member-side');
      await side.getByTestId('member-group-messaging').click();
      const dialog = page.getByTestId('group-dialog-line');
      await dialog.getByTestId('group-request-status').waitFor();
      const status = await dialog.getByTestId('group-request-status').textContent();
      assert(status?.includes('อนุมัติ'), `the dialog says "${status}"`);
      await shot(page, 'groups-line-approved');
      await dialog.getByTestId('group-close').click();
    });
  });
}

await journeyProgram(import.meta.url, (opts) => runGroupsJourney(opts));
