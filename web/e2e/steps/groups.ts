/**
 * Issue 16's browser steps for member groups, each taking what it needs (pages, credentials, ids)
 * so that a journey composes them with its own set-up: the member answers the join prompts and asks
 * to join the LINE group of the demo course in its dialog; staff approve the request in
 * /admin/memberGroupUser; the ConfirmGroup e-mail is in the delivery log; the enrolment's LINE flag
 * follows. The member's page must be opened with `open(viewport, { groupPrompts: true })`.
 */
import type { Page } from 'playwright-core';
import { DEMO_GROUP_IDS } from '@rian/proto-contracts/demo';
import { assert, DESKTOP, PHONE, staffCall, untilTrue, type Delivery } from '../support.js';

/** The demo course's LINE group (learning's demo seed). */
export const DEMO_LINE_GROUP = DEMO_GROUP_IDS.forexLine;
/** notifications' template of the ConfirmGroup e-mail */
export const GROUP_CONFIRMED_TEMPLATE = 'learning.group-confirmed';

export type GroupMember = {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  nickname?: string | null;
};

/**
 * The member enters /member: a join prompt per group not joined — "later" closes the Facebook one,
 * the LINE one opens the LINE dialog (persistent; Escape does not close it; 800 wide on a desktop,
 * the detail card below the QR images on a phone) with the member's full name, phone and the code
 * "course code + nickname"; they ask to join and the dialog says the request waits for staff.
 */
export async function memberJoinsLineGroup(ctx: {
  page: Page;
  baseUrl: string;
  member: GroupMember;
  courseCode: string;
  shot?: (page: Page, name: string) => Promise<unknown>;
}): Promise<void> {
  const { page, baseUrl, member, courseCode } = ctx;
  if (!new URL(page.url()).pathname.startsWith('/member')) {
    await page.goto(`${baseUrl}/member`, { waitUntil: 'domcontentloaded' });
  }
  await page.getByTestId('member-stand-by').waitFor({ state: 'detached', timeout: 30_000 });
  // the prompts come one at a time (Facebook first, then LINE)
  const facebook = page.getByTestId('group-prompt-facebook');
  const line = page.getByTestId('group-prompt-line');
  await facebook.or(line).first().waitFor({ timeout: 20_000 });
  if (await facebook.isVisible()) {
    await facebook.getByTestId('group-prompt-later').click();
    await facebook.waitFor({ state: 'detached' });
  }
  await line.waitFor();
  await ctx.shot?.(page, 'groups-prompt-line');
  await line.getByTestId('group-prompt-open').click();
  const dialog = page.getByTestId('group-dialog-line');
  await dialog.waitFor();
  const text = async (id: string) => ((await dialog.getByTestId(id).textContent()) ?? '').trim();
  assert(
    (await text('group-name-value')) === `${member.firstName} ${member.lastName}`,
    `the dialog's full name is "${await text('group-name-value')}"`,
  );
  assert(
    (await text('group-phone-value')) === member.phone,
    `the dialog's phone is "${await text('group-phone-value')}"`,
  );
  const code = `${courseCode} ${member.nickname || member.firstName}`;
  assert(
    (await text('group-code-value')) === code,
    `the LINE code is "${await text('group-code-value')}", not "${code}"`,
  );
  assert((await text('group-url-value')).startsWith('https://'), 'the dialog shows the group link');
  // persistent: Escape leaves it open
  await page.keyboard.press('Escape');
  assert(await dialog.isVisible(), 'Escape closed the persistent group dialog');
  const box = await dialog.boundingBox();
  assert(box && box.width <= 800 && box.width > 700, `the group dialog is ${box?.width}px wide on a desktop`);
  await ctx.shot?.(page, 'groups-line-dialog-desktop');
  // on a phone the detail card moves below the QR images
  await page.setViewportSize(PHONE);
  await untilTrue('the card below the QR images on a phone', 5_000, async () => {
    const qrs = await dialog.locator('.group-dialog__qrs').boundingBox();
    const card = await dialog.getByTestId('group-card').boundingBox();
    return Boolean(qrs && card && card.y >= qrs.y + qrs.height - 1);
  });
  await ctx.shot?.(page, 'groups-line-dialog-phone');
  await page.setViewportSize(DESKTOP);
  await dialog.getByTestId('group-join').click();
  await dialog.getByTestId('group-request-status').waitFor();
  await dialog.getByTestId('group-join').waitFor({ state: 'detached' });
  await dialog.getByTestId('group-close').click();
  await dialog.waitFor({ state: 'detached' });
}

/** The member's request to join a group, as staff see it (its id). */
export async function groupRequestOf(
  baseUrl: string,
  staff: string,
  userId: string,
  groupId = DEMO_LINE_GROUP,
): Promise<{ id: string; status: string }> {
  let found: { id: string; status: string } | undefined;
  await untilTrue('the join request reaches staff', 20_000, async () => {
    const page = await staffCall<{ items: { id: string; status: string; userId: string }[] }>(
      baseUrl,
      staff,
      'GET',
      `/learning/admin/group-requests?groupId=${groupId}&userId=${encodeURIComponent(userId)}`,
    );
    found = page.items.find((r) => r.userId === userId);
    return Boolean(found);
  });
  return found!;
}

/**
 * Staff (`page` signed in to the back office) open /admin/memberGroupUser, choose the group and
 * approve the member's request with a note; the row then reads approved.
 */
export async function staffApprovesGroupRequest(ctx: {
  page: Page;
  baseUrl: string;
  requestId: string;
  groupId?: string;
  note: string;
  shot?: (page: Page, name: string) => Promise<unknown>;
}): Promise<void> {
  const { page, baseUrl } = ctx;
  await page.goto(`${baseUrl}/admin/memberGroupUser`, { waitUntil: 'domcontentloaded' });
  const filter = page.getByTestId('group-requests-group-filter');
  await filter.locator(`option[value="${ctx.groupId ?? DEMO_LINE_GROUP}"]`).waitFor({ state: 'attached' });
  await filter.selectOption(ctx.groupId ?? DEMO_LINE_GROUP);
  await page.getByTestId('group-requests-status-filter').selectOption('requested');
  // the request's row (rows carry their request id)
  const target = page.locator(`[data-request-id="${ctx.requestId}"]`);
  const button = target.getByTestId('group-request-approve');
  await button.waitFor();
  await ctx.shot?.(page, 'groups-admin-requests');
  await button.click();
  const dialog = page.getByTestId('group-approve-dialog');
  await dialog.getByTestId('group-approve-note').fill(ctx.note);
  await dialog.getByTestId('group-approve-dialog-save').click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByTestId('group-requests-status-filter').selectOption('approved');
  await target.getByTestId('group-request-status').and(page.locator('[data-status="approved"]')).waitFor();
}

/**
 * The ConfirmGroup e-mail to `email` is in the delivery log exactly once, delivered: `sent` over
 * SMTP, or `logged` when the stack has no SMTP_URL (the e2e stack).
 */
export async function confirmGroupEmailSent(ctx: {
  baseUrl: string;
  staff: string;
  email: string;
  courseTitle: string;
}): Promise<Delivery> {
  let mails: (Delivery & { status?: string })[] = [];
  await untilTrue('the ConfirmGroup e-mail is delivered', 60_000, async () => {
    const page = await staffCall<{ items: (Delivery & { status?: string })[] }>(
      ctx.baseUrl,
      ctx.staff,
      'GET',
      `/notifications/deliveries?to=${encodeURIComponent(ctx.email)}&template=${GROUP_CONFIRMED_TEMPLATE}&page=1&pageSize=20`,
    );
    mails = page.items.filter((d) => d.template === GROUP_CONFIRMED_TEMPLATE);
    return mails.some((d) => d.status === 'sent' || d.status === 'logged');
  });
  assert(mails.length === 1, `${mails.length} ConfirmGroup e-mails to ${ctx.email}`);
  assert(mails[0]!.subject.includes(ctx.courseTitle), `the e-mail's subject is "${mails[0]!.subject}"`);
  return mails[0]!;
}

/** The member's enrolment in the course now has the LINE flag, set by staff. */
export async function lineFlagFollows(ctx: {
  baseUrl: string;
  staff: string;
  userId: string;
  courseId: string;
}): Promise<void> {
  const page = await staffCall<{ items: { line: string; lineBy: string | null }[] }>(
    ctx.baseUrl,
    ctx.staff,
    'GET',
    `/learning/admin/enrolments?userId=${encodeURIComponent(ctx.userId)}&courseId=${ctx.courseId}`,
  );
  assert(
    page.items[0]?.line === 'Y' && page.items[0].lineBy,
    `the enrolment's LINE flag: ${JSON.stringify(page.items[0])}`,
  );
}
