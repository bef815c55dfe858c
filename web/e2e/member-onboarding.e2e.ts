/**
 * Issue 16's journey, on the demo data as `npm start` seeds it: what a new member of the demo course
 * does after paying besides learning — signs the course terms, joins the course's LINE group, checks
 * in at an on-site session. Set-up through the API: a new member buys "forex-basics" and has not
 * signed (learning has heard the member's name). Then in the browser:
 *  - on a phone, /member opens the persistent terms dialog, the pad inside 390 px;
 *  - on a desktop, the terms dialog comes first (axe clean); the member draws a signature with the
 *    mouse, ticks, confirms, answers the prompt and downloads the signed PDF — its text (pdftotext)
 *    holds the course title and the member's name, its first page is rendered to PNG (pdftoppm);
 *  - only when the terms dialog is closed do the group join prompts come: "later" on the Facebook
 *    one, the LINE one's dialog (name, phone, "course code + nickname") records the join request;
 *  - staff approve it in /admin/memberGroupUser; the ConfirmGroup e-mail is in the delivery log and
 *    the enrolment's LINE flag is set; the member's LINE dialog says approved;
 *  - staff read the member's signed terms from the enrolment and open the PDF;
 *  - staff open the kiosk QR of the demo's on-site session of today; the member, on a phone not
 *    signed in, opens the QR's link, signs in on the page and is checked in; the same link again
 *    says "already"; /admin/userChecking lists the check-in.
 *
 *   npx tsx web/e2e/member-onboarding.e2e.ts
 *   env: BASE_URL (http://127.0.0.1:3000), STAFF_USERNAME, STAFF_PASSWORD, CHROMIUM_PATH, HEADFUL=1
 */
import { DEMO_COURSE_IDS } from '@rian/proto-contracts/demo';
import {
  memberSignIn,
  apiCall,
  assert,
  axeProblems,
  bangkokDay,
  DESKTOP,
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
import {
  confirmGroupEmailSent,
  DEMO_LINE_GROUP,
  groupRequestOf,
  lineFlagFollows,
  memberJoinsLineGroup,
  staffApprovesGroupRequest,
  type GroupMember,
} from './steps/groups.js';
import {
  memberChecksInByLink,
  staffOpensKiosk,
  staffSeesCheckin,
  staffSignIn,
  type CheckinContext,
} from './steps/checkin.js';

const FOREX = {
  product: 'forex-basics',
  courseId: DEMO_COURSE_IDS.forexBasics,
  code: 'FXB-2027',
  title: 'Forex พื้นฐาน (Forex Basics)',
};

export async function runMemberOnboardingJourney(opts: JourneyOptions): Promise<void> {
  await inBrowser('member-onboarding', opts, async ({ artifacts, baseUrl, log, open, shot, step, watch }) => {
    const stamp = Date.now();
    const who = {
      email: `e2e-onboarding-${stamp}@example.com`,
      password: `E2e-onboarding-${stamp}`,
      phone: `08${String(stamp).slice(-8)}`,
      firstName: 'สมาชิกใหม่',
      lastName: `ทดสอบ${String(stamp).slice(-4)}`,
    };
    const memberName = `${who.firstName} ${who.lastName}`;
    log(`member onboarding journey against ${baseUrl} as ${who.email}`);
    const staffApi = await staffToken(baseUrl, opts.staffUsername, opts.staffPassword);

    const { member, sessionId } = await step(
      'set-up (API): a new member buys Forex Basics and has not signed; today’s on-site session takes check-ins',
      async () => {
        const bought = await memberWhoBought(
          baseUrl,
          staffApi,
          who,
          (token) => productAndPrice(baseUrl, token, FOREX.product),
          { signTerms: false },
        );
        const { token } = await apiCall<{ token: string }>(baseUrl, null, 'POST', '/auth/login', who);
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
        const today = bangkokDay(0);
        const sessions = await staffCall<{ items: { id: string; title: string }[] }>(
          baseUrl,
          staffApi,
          'GET',
          `/learning/admin/checkins/sessions?courseId=${FOREX.courseId}&from=${today}&to=${today}`,
        );
        const seminar = sessions.items.find((s) => s.title.includes('On-site seminar')) ?? sessions.items[0];
        assert(seminar, 'the demo Forex course has no on-site session with check-in today');
        const m: GroupMember = { ...who, userId: bought.userId, nickname: null };
        return { member: m, sessionId: seminar.id };
      },
    );

    await step('member on a phone: /member opens the terms dialog; the pad fits 390 px', async () => {
      const phone = watch(await open(PHONE));
      await memberSignIn(phone, baseUrl, who);
      await phone.goto(`${baseUrl}/member`, { waitUntil: 'domcontentloaded' });
      const pad = phone.getByTestId('terms-pad');
      await pad.waitFor({ timeout: 30_000 });
      const box = await pad.boundingBox();
      assert(
        box && box.x >= 0 && box.x + box.width <= PHONE.width,
        `the pad spans ${box?.x}–${(box?.x ?? 0) + (box?.width ?? 0)}`,
      );
      assert((await overflow(phone)) <= 0, 'the page scrolls sideways on a phone');
      // the join prompts wait for the terms: none is open beside the terms dialog
      assert(
        (await phone.getByTestId('group-prompt-open').count()) === 0,
        'a join prompt opened over the terms',
      );
      await shot(phone, 'o-terms-phone', { fullPage: false });
      await phone.context().close();
    });

    const page = watch(await open(DESKTOP, { groupPrompts: true }));
    await step(
      'member on a desktop: the terms first — a drawn signature, the prompt, the PDF link',
      async () => {
        await memberSignIn(page, baseUrl, who);
        await page.goto(`${baseUrl}/member`, { waitUntil: 'domcontentloaded' });
        await page.getByTestId('terms-dialog').waitFor({ timeout: 30_000 });
        const problems = await axeProblems(page);
        assert(problems.length === 0, `axe on the terms dialog: ${problems.join(' | ')}`);
        await shot(page, 'o-terms-dialog', { fullPage: false });
        await signTermsInDialog({ page, courseTitle: FOREX.title, memberName, artifacts, shot });
      },
    );

    await step('the signed PDF: its text holds the course and the name; page 1 as PNG', async () => {
      const ctx = { page, courseTitle: FOREX.title, memberName, artifacts };
      const pdfFile = await downloadSignedTerms(ctx);
      const png = checkSignedTermsPdf(ctx, pdfFile);
      log(`  the signed PDF: ${pdfFile}; its first page: ${png}`);
      await closeTermsDialog(ctx);
    });

    await step(
      'member: then the join prompts — "later" on Facebook, joins the LINE group in its dialog',
      async () => {
        await memberJoinsLineGroup({ page, baseUrl, member, courseCode: FOREX.code, shot });
        const problems = await axeProblems(page);
        assert(problems.length === 0, `axe on the member area after the dialogs:\n${problems.join('\n')}`);
      },
    );

    const request = await step('the request reaches staff, waiting', async () => {
      const r = await groupRequestOf(baseUrl, staffApi, member.userId, DEMO_LINE_GROUP);
      assert(r.status === 'requested', `the request is ${r.status}`);
      return r;
    });

    const admin = watch(await open(DESKTOP));
    await step('staff: approve the request with a note in /admin/memberGroupUser', async () => {
      await staffSignIn(admin, baseUrl, opts.staffUsername, opts.staffPassword);
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
          staff: staffApi,
          email: who.email,
          courseTitle: FOREX.title,
        });
        log(`  e-mail: ${mail.subject}`);
        await lineFlagFollows({ baseUrl, staff: staffApi, userId: member.userId, courseId: FOREX.courseId });
      },
    );

    await step('member: the side panel’s LINE button shows the request approved', async () => {
      await page.goto(`${baseUrl}/member`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('member-stand-by').waitFor({ state: 'detached', timeout: 30_000 });
      assert((await page.getByTestId('terms-dialog').count()) === 0, 'the terms dialog opened again');
      await page.getByTestId('member-side').getByTestId('member-group-messaging').click();
      const dialog = page.getByTestId('group-dialog-line');
      await dialog.getByTestId('group-request-status').waitFor();
      const status = await dialog.getByTestId('group-request-status').textContent();
      assert(status?.includes('อนุมัติ'), `the dialog says "${status}"`);
      await shot(page, 'o-groups-line-approved');
      await dialog.getByTestId('group-close').click();
    });

    await step('staff: the member’s enrolment carries the signed terms; the PDF opens', async () => {
      const list = await staffCall<{ items: { id: string; courseId: string }[] }>(
        baseUrl,
        staffApi,
        'GET',
        `/learning/admin/enrolments?userId=${encodeURIComponent(member.userId)}&page=1&pageSize=20`,
      );
      const enrolment = list.items.find((e) => e.courseId === FOREX.courseId);
      assert(enrolment, 'staff see no Forex enrolment of the member');
      const terms = await staffCall<{ signature: string; pdfUrl: string | null }>(
        baseUrl,
        staffApi,
        'GET',
        `/learning/admin/enrolments/${enrolment.id}/terms`,
      );
      assert(terms.signature === 'Y' && terms.pdfUrl, `staff read ${JSON.stringify(terms)}`);
      const pdf = await fetch(`${baseUrl}${terms.pdfUrl}`);
      assert(pdf.status === 200, `the staff PDF link answered ${pdf.status}`);
      assert((await pdf.arrayBuffer()).byteLength > 1000, 'the PDF is empty');
    });

    const phone = await open(PHONE);
    const checkin: CheckinContext = {
      baseUrl,
      sessionId,
      courseId: FOREX.courseId,
      staff: admin,
      member: phone,
      memberLogin: { email: who.email, password: who.password, userId: member.userId },
    };
    const kiosk = await step(
      'staff: /admin/userChecking → the on-site session’s full-screen QR',
      async () => {
        watch(admin);
        const k = await staffOpensKiosk(checkin);
        await shot(admin, 'o-checkin-kiosk', { fullPage: false });
        return k;
      },
    );

    await step(
      'member (phone, signed out): opens the QR’s link, signs in on the page, is checked in',
      async () => {
        watch(phone);
        const first = await memberChecksInByLink(checkin, kiosk.url);
        assert(
          first.result === 'checked_in',
          `the first check-in answered ${first.result}: ${first.message}`,
        );
        assert((await overflow(phone)) <= 0, '/checkIn scrolls sideways on a phone');
        const problems = await axeProblems(phone);
        assert(problems.length === 0, `axe on /checkIn: ${problems.join(' | ')}`);
        await shot(phone, 'o-checkin-member-phone');
        await phone.getByTestId('check-in-ok').click();
        const again = await memberChecksInByLink(checkin, kiosk.url);
        assert(again.result === 'already', `a second scan answered ${again.result}`);
      },
    );

    await step('staff: /admin/userChecking lists the member’s check-in', async () => {
      watch(admin);
      await staffSeesCheckin(checkin);
      await shot(admin, 'o-checkin-admin-list');
    });
  });
}

await journeyProgram(import.meta.url, runMemberOnboardingJourney);
