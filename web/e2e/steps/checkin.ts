/**
 * Issue 16's on-site check-in, as browser steps another journey can compose (the issue's single
 * journey): each takes a context of pages, ids and credentials and sets nothing up of its own.
 *  - staffOpensKiosk: staff (a page signed in to the back office) open /admin/userChecking for the
 *    session and its full-screen QR; answers the link the QR holds and the typed code;
 *  - memberChecksInByLink: the member (another browser context) opens that link — signing in on the
 *    page first when needed, and coming back to it — and sees the server's message in a dialog;
 *  - staffSeesCheckin: /admin/userChecking lists the member's check-in of the session.
 */
import type { Page } from 'playwright-core';
import { assert } from '../support.js';

export type CheckinContext = {
  /** without a trailing slash */
  baseUrl: string;
  /** a real session with check-in on whose day (Asia/Bangkok) is today */
  sessionId: string;
  /** its course (the page's course filter) */
  courseId: string;
  /** a page signed in to the back office */
  staff: Page;
  /** the member's page, in a browser context of its own (signed in or not) */
  member: Page;
  /** the member's sign-in, and their user id (the list's rows name it) */
  memberLogin: { email: string; password: string; userId: string };
};

/** Staff sign in to the back office on `page` (/admin/login). */
export async function staffSignIn(page: Page, baseUrl: string, username: string, password: string) {
  await page.goto(`${baseUrl}/admin/login`, { waitUntil: 'domcontentloaded' });
  await page.getByTestId('staff-username').fill(username);
  await page.getByTestId('staff-password').fill(password);
  await page.getByTestId('staff-submit').click();
  await page.waitForURL((url) => url.pathname === '/admin/');
}

/**
 * /admin/userChecking with the session picked → "open the QR screen": the QR image is drawn and
 * holds `<SITE_URL>/checkIn?s=<session>&c=<code>`; the typed code shows large.
 */
export async function staffOpensKiosk(ctx: CheckinContext): Promise<{ url: string; typedCode: string }> {
  const { staff, baseUrl, sessionId, courseId } = ctx;
  await staff.goto(`${baseUrl}/admin/userChecking?course=${courseId}&session=${sessionId}`, {
    waitUntil: 'domcontentloaded',
  });
  await staff.locator(`[data-testid="checkins-kiosk"][href$="/kiosk/${sessionId}"]`).click();
  await staff.waitForURL((url) => url.pathname === `/admin/userChecking/kiosk/${sessionId}`);
  const qr = staff.getByTestId('kiosk-qr');
  await qr.waitFor();
  const drawn = await qr.evaluate(
    (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
  );
  assert(drawn, 'the kiosk QR image is not drawn');
  const url = (await qr.getAttribute('data-url')) ?? '';
  const link = new URL(url);
  assert(
    link.origin === new URL(baseUrl).origin &&
      link.pathname === '/checkIn' &&
      link.searchParams.get('s') === sessionId,
    `the QR holds ${url}, not this site's /checkIn for the session`,
  );
  const typedCode = ((await staff.getByTestId('kiosk-typed-code').textContent()) ?? '').replace(/\s+/g, '');
  assert(/^\d{6}$/.test(typedCode), `the kiosk shows "${typedCode}" as the typed code`);
  const countdown = (await staff.getByTestId('kiosk-countdown').textContent()) ?? '';
  assert(/\d+/.test(countdown), `the kiosk shows no countdown ("${countdown}")`);
  return { url, typedCode };
}

/**
 * The member opens the QR's link. Not signed in: the page asks first; the login dialog brings them
 * back to the same link, and the check-in is sent. Answers the dialog's message and result.
 */
export async function memberChecksInByLink(
  ctx: CheckinContext,
  url: string,
): Promise<{ result: string; message: string }> {
  const { member, memberLogin } = ctx;
  await member.goto(url, { waitUntil: 'domcontentloaded' });
  const dialog = member.getByTestId('check-in-dialog');
  const signIn = member.getByTestId('check-in-login');
  await dialog.or(signIn).first().waitFor();
  // the cookie banner sits over the page's bottom on a phone: agree first, as a member does
  const agree = member.getByTestId('cookie-agree');
  if (await agree.isVisible()) await agree.click();
  if (await signIn.isVisible()) {
    await signIn.click();
    await member.getByTestId('login-email').fill(memberLogin.email);
    await member.getByTestId('login-password').fill(memberLogin.password);
    await member.getByTestId('login-submit').click();
    await member.waitForURL((u) => u.pathname === '/checkIn' && u.search === new URL(url).search);
  }
  await dialog.waitFor({ timeout: 20_000 });
  const message = ((await member.getByTestId('check-in-message').textContent()) ?? '').trim();
  const result = (await dialog.getAttribute('data-result')) ?? '';
  assert(result === 'checked_in' || result === 'already', `the check-in answered "${result}"`);
  assert(message.length > 0, 'the check-in dialog shows no message');
  return { result, message };
}

/** /admin/userChecking for the session lists the member's check-in (by QR, today). */
export async function staffSeesCheckin(ctx: CheckinContext): Promise<void> {
  const { staff, baseUrl, sessionId, courseId, memberLogin } = ctx;
  await staff.goto(`${baseUrl}/admin/userChecking?course=${courseId}&session=${sessionId}`, {
    waitUntil: 'domcontentloaded',
  });
  const row = staff
    .getByTestId('checkins-table-row')
    .filter({ has: staff.locator(`[data-user-id="${memberLogin.userId}"]`) });
  await row.waitFor();
  const method = await row.getByTestId('checkin-method').getAttribute('data-method');
  assert(method === 'qr' || method === 'typed', `the check-in is listed as ${method}`);
}
