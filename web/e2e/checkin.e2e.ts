/**
 * Issue 16's on-site check-in journey, on the demo data: the demo Forex course has a `real`
 * session today with check-in on (learning's demo seminar). Set-up through the API: a member buys
 * "forex-basics". Then staff (desktop) open /admin/userChecking for the seminar and its full-screen
 * QR; the member (a phone, another browser context, not signed in) opens the QR's link, signs in on
 * the page, comes back to the link and is checked in (the server's message in a dialog); opening it
 * again says "already"; /admin/userChecking lists the check-in. Screenshots of the kiosk, the
 * member's dialog and the list; axe on /checkIn and the kiosk.
 *
 *   npx tsx web/e2e/checkin.e2e.ts
 *   env: BASE_URL (http://127.0.0.1:3000), STAFF_USERNAME, STAFF_PASSWORD, CHROMIUM_PATH, HEADFUL=1
 */
import type { Page } from 'playwright-core';
import { DEMO_COURSE_IDS } from '@rian/proto-contracts/demo';
import {
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
  memberChecksInByLink,
  staffOpensKiosk,
  staffSeesCheckin,
  staffSignIn,
  type CheckinContext,
} from './steps/checkin.js';

const FOREX = DEMO_COURSE_IDS.forexBasics;

/** axe-core's serious and critical violations inside one element of the page. */
async function axeWithin(page: Page, selector: string): Promise<string[]> {
  await axeProblems(page); // loads axe into the page
  return page.evaluate(async (sel) => {
    type AxeResult = {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
    };
    const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<AxeResult> } }).axe;
    const result = await axe.run(sel, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, selector);
}

export async function runCheckinJourney(opts: JourneyOptions): Promise<void> {
  await inBrowser('checkin', opts, async ({ baseUrl, log, open, shot, step, watch }) => {
    const stamp = Date.now();
    const who = {
      email: `e2e-checkin-${stamp}@example.com`,
      password: `E2e-checkin-${stamp}`,
      phone: `07${String(stamp).slice(-8)}`,
      firstName: 'เช็คอิน',
      lastName: 'ทดสอบ',
    };
    log(`check-in journey against ${baseUrl} as ${who.email}`);
    const staffApi = await staffToken(baseUrl, opts.staffUsername, opts.staffPassword);

    const { userId, sessionId } = await step(
      'set-up (API): a member buys Forex Basics; the demo’s on-site session of today takes check-ins',
      async () => {
        const bought = await memberWhoBought(baseUrl, staffApi, who, (token) =>
          productAndPrice(baseUrl, token, 'forex-basics'),
        );
        await untilTrue('the Forex enrolment', 30_000, async () => {
          const { token } = await apiCall<{ token: string }>(baseUrl, null, 'POST', '/auth/login', {
            email: who.email,
            password: who.password,
          });
          const mine = await apiCall<{ items: { courseId: string; status: string }[] }>(
            baseUrl,
            token,
            'GET',
            '/learning/enrolments/mine',
          ).catch(() => ({ items: [] }));
          return mine.items.some((e) => e.courseId === FOREX && e.status === 'active');
        });
        const today = bangkokDay(0);
        const sessions = await staffCall<{ items: { id: string; title: string }[] }>(
          baseUrl,
          staffApi,
          'GET',
          `/learning/admin/checkins/sessions?courseId=${FOREX}&from=${today}&to=${today}`,
        );
        const seminar = sessions.items.find((s) => s.title.includes('On-site seminar')) ?? sessions.items[0];
        assert(seminar, 'the demo Forex course has no on-site session with check-in today');
        return { userId: bought.userId, sessionId: seminar.id };
      },
    );

    const staff = watch(await open(DESKTOP));
    const member = await open(PHONE);
    const ctx: CheckinContext = {
      baseUrl,
      sessionId,
      courseId: FOREX,
      staff,
      member,
      memberLogin: { email: who.email, password: who.password, userId },
    };

    const kiosk = await step(
      'staff: /admin/userChecking → the session’s full-screen QR, its code and countdown',
      async () => {
        await staffSignIn(staff, baseUrl, opts.staffUsername, opts.staffPassword);
        const k = await staffOpensKiosk(ctx);
        await shot(staff, 'checkin-kiosk', { fullPage: false });
        // the kiosk covers the back office's layout: axe looks at the kiosk itself
        const problems = await axeWithin(staff, '[data-testid="checkin-kiosk"]');
        assert(problems.length === 0, `axe on the kiosk: ${problems.join(' | ')}`);
        return k;
      },
    );

    await step(
      'member (phone, signed out): opens the QR’s link, signs in on the page, is checked in',
      async () => {
        watch(member);
        const first = await memberChecksInByLink(ctx, kiosk.url);
        assert(
          first.result === 'checked_in',
          `the first check-in answered ${first.result}: ${first.message}`,
        );
        assert(first.message.startsWith('เช็คอินสำเร็จ'), `the message is "${first.message}"`);
        assert((await overflow(member)) <= 0, '/checkIn scrolls sideways on a phone');
        await shot(member, 'checkin-member-phone');
        const problems = await axeProblems(member);
        assert(problems.length === 0, `axe on /checkIn: ${problems.join(' | ')}`);
      },
    );

    await step('member: the same link again says “already checked in”, not an error', async () => {
      await member.getByTestId('check-in-ok').click();
      const again = await memberChecksInByLink(ctx, kiosk.url);
      assert(again.result === 'already', `a second scan answered ${again.result}`);
      assert(again.message.includes('เช็คอินรอบนี้ไปแล้ว'), `the message is "${again.message}"`);
    });

    await step('staff: /admin/userChecking lists the member’s check-in', async () => {
      watch(staff);
      await staffSeesCheckin(ctx);
      await shot(staff, 'checkin-admin-list');
    });
  });
}

await journeyProgram(import.meta.url, (opts) => runCheckinJourney(opts));
