/**
 * Issue 16's browser steps for the course terms, each taking what it needs (a page already inside
 * /member, the member's name and the course title), so that a journey (member-onboarding.e2e.ts) can
 * call them (the issue's single journey: sign, join the LINE group, check in).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { assert } from '../support.js';

export type TermsContext = {
  /** a member's page on /member (the terms dialog opens by itself for an unsigned enrolment) */
  page: Page;
  /** the course the member is in, as its title shows */
  courseTitle: string;
  /** the member's first and last name, as registered */
  memberName: string;
  /** where the downloaded PDF and its first page as PNG go */
  artifacts: string;
  /** screenshots (the journey's `shot`), optional */
  shot?: (page: Page, name: string, options?: { fullPage?: boolean }) => Promise<unknown>;
};

/** Both sides NFKC (the PDF's font draws ำ as ํ + า) and without whitespace (wrapping is layout). */
const squash = (text: string) => text.normalize('NFKC').replace(/\s+/g, '');

/**
 * The terms dialog is open: it names the course and the member; confirm stays disabled until the
 * pad holds a signature and the checkbox is ticked. Draws a signature with the mouse (a pointer
 * stroke over the pad), ticks, confirms, answers the confirmation prompt, and waits for the PDF link.
 */
export async function signTermsInDialog(ctx: TermsContext): Promise<void> {
  const { page } = ctx;
  const dialog = page.getByTestId('terms-dialog');
  await dialog.waitFor({ timeout: 30_000 });
  const course = (await dialog.getByTestId('terms-course').textContent()) ?? '';
  assert(course.includes(ctx.courseTitle), `the terms dialog names the course "${course}"`);
  const text = (await dialog.getByTestId('terms-text').textContent()) ?? '';
  assert(text.includes(ctx.memberName), `the terms text does not name "${ctx.memberName}"`);
  // persistent: Escape leaves it open
  await page.keyboard.press('Escape');
  assert(await dialog.isVisible(), 'Escape closed the terms dialog');
  const confirm = dialog.getByTestId('terms-confirm');
  assert(await confirm.isDisabled(), 'confirm is enabled before signing');

  const pad = dialog.getByTestId('terms-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  assert(box && box.width > 200 && box.height > 100, `the pad is ${box?.width}×${box?.height}`);
  // a signature: one wave, then a short second stroke
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 30; i++) {
    const x = box.x + box.width * (0.1 + (0.6 * i) / 30);
    const y = box.y + box.height * (0.5 + 0.3 * Math.sin(i / 3));
    await page.mouse.move(x, y, { steps: 2 });
  }
  await page.mouse.up();
  await page.mouse.move(box.x + box.width * 0.75, box.y + box.height * 0.3);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.85, box.y + box.height * 0.7, { steps: 8 });
  await page.mouse.up();
  assert(await confirm.isDisabled(), 'confirm is enabled before the checkbox is ticked');
  await dialog.getByTestId('terms-agree').check();
  assert(await confirm.isEnabled(), 'confirm stays disabled after signing and ticking');
  await ctx.shot?.(page, 't-terms-signed-pad', { fullPage: false });
  await confirm.click();
  const prompt = page.getByRole('alertdialog');
  await prompt.waitFor();
  await prompt.getByTestId('confirm-submit').click();
  await dialog.getByTestId('terms-download').waitFor({ timeout: 30_000 });
  await ctx.shot?.(page, 't-terms-done', { fullPage: false });
}

/** Downloads the signed PDF from the dialog's (or /signature's) link; answers where it was saved. */
export async function downloadSignedTerms(ctx: TermsContext): Promise<string> {
  const link = ctx.page.getByTestId('terms-download').first();
  const [download] = await Promise.all([ctx.page.waitForEvent('download'), link.click()]);
  const file = path.join(ctx.artifacts, `signed-terms-${Date.now()}.pdf`);
  await download.saveAs(file);
  return file;
}

/**
 * The PDF's text (pdftotext) holds the course title and the member's name; its first page is
 * rendered to PNG (pdftoppm) for a person to look at. Answers the PNG's path.
 */
export function checkSignedTermsPdf(ctx: TermsContext, pdfFile: string): string {
  const text = spawnSync('pdftotext', [pdfFile, '-'], { encoding: 'utf8' });
  assert(text.status === 0, `pdftotext failed: ${text.stderr}`);
  const content = squash(text.stdout);
  assert(
    content.includes(squash(ctx.courseTitle)),
    `the PDF does not hold the course title "${ctx.courseTitle}"`,
  );
  assert(
    content.includes(squash(ctx.memberName)),
    `the PDF does not hold the member's name "${ctx.memberName}"`,
  );
  const prefix = pdfFile.replace(/\.pdf$/, '');
  const png = spawnSync('pdftoppm', [
    '-png',
    '-r',
    '80',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    pdfFile,
    prefix,
  ]);
  assert(png.status === 0, `pdftoppm failed: ${png.stderr?.toString()}`);
  return `${prefix}.png`;
}

/** Closes the dialog once signed (its close button); the member area is usable again. */
export async function closeTermsDialog(ctx: Pick<TermsContext, 'page'>): Promise<void> {
  await ctx.page.getByTestId('terms-close').click();
  await ctx.page.getByTestId('terms-dialog').waitFor({ state: 'detached' });
}
