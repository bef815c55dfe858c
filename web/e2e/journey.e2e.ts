/**
 * The visitor's first journey, end to end, against the running stack (gateway serving the built SPA):
 * cookies → register with the e-mailed code (read from the delivery log as staff) → log in →
 * status New → product search → 404 page.
 *
 *   npx tsx web/e2e/journey.e2e.ts
 *   env: BASE_URL (http://127.0.0.1:3000), STAFF_USERNAME, STAFF_PASSWORD, SEARCH_TEXT,
 *        CHROMIUM_PATH (/usr/bin/chromium), HEADFUL=1 to watch
 *
 * The last line printed is "1 passed, 0 failed" or "0 passed, 1 failed" (exit code 1).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Page } from 'playwright-core';

export type JourneyOptions = {
  baseUrl: string;
  staffUsername: string;
  staffPassword: string;
  /** a fragment of a product title that the catalog search finds */
  searchText: string;
  artifactsDir?: string;
  executablePath?: string;
  headless?: boolean;
  /** per UI step (ms) */
  timeoutMs?: number;
  /** how long to wait for the code e-mail in the delivery log (ms) */
  codeTimeoutMs?: number;
  log?: (line: string) => void;
};

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const here = path.dirname(fileURLToPath(import.meta.url));

class StepError extends Error {
  constructor(step: string, cause: unknown) {
    super(`step "${step}" failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StepError';
  }
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function staffToken(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/staff/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) {
    throw new Error(`staff login answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
  const body = (await response.json()) as { token?: string };
  assert(typeof body.token === 'string' && body.token, 'staff login returned no token');
  return body.token;
}

type Delivery = { to: string; text: string; subject: string; createdAt: string; template: string };

/** Polls the delivery log until the code e-mail to `email` appears; returns its 4-digit code. */
async function codeFromDeliveryLog(
  baseUrl: string,
  token: string,
  email: string,
  timeoutMs: number,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    const url = `${baseUrl}/api/notifications/deliveries?to=${encodeURIComponent(email)}&page=1&pageSize=20`;
    const response = await fetch(url, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    });
    if (response.ok) {
      const page = (await response.json()) as { items?: Delivery[] };
      const items = (page.items ?? [])
        .filter((d) => d.to.toLowerCase() === email.toLowerCase())
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      for (const delivery of items) {
        // the code follows its label ("รหัสยืนยันของคุณคือ" / "Your confirmation code is"), not any 4 digits
        const match = /(?:คือ|code is)\s*(\d{4})\b/.exec(delivery.text) ?? /\b(\d{4})\b/.exec(delivery.text);
        if (match?.[1]) return match[1];
      }
      last = `${items.length} deliveries, none with a 4-digit code`;
    } else {
      last = `deliveries answered ${response.status}: ${(await response.text()).slice(0, 200)}`;
    }
    await sleep(500);
  }
  throw new Error(`no code e-mail for ${email} in the delivery log after ${timeoutMs} ms (${last})`);
}

export async function runJourney(opts: JourneyOptions): Promise<void> {
  const baseUrl = opts.baseUrl.replace(/\/+$/, '');
  const artifacts = opts.artifactsDir ?? path.join(here, 'artifacts');
  const timeout = opts.timeoutMs ?? 15_000;
  const log = opts.log ?? ((line: string) => console.log(line));
  await mkdir(artifacts, { recursive: true });

  const browser = await chromium.launch({
    executablePath: opts.executablePath ?? '/usr/bin/chromium',
    headless: opts.headless ?? true,
    args: opts.headless === false ? CHROMIUM_ARGS.filter((a) => a !== '--headless') : CHROMIUM_ARGS,
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'th-TH' });
  const page: Page = await context.newPage();
  page.setDefaultTimeout(timeout);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  let current = 'start';
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    current = name;
    const started = Date.now();
    try {
      const result = await run();
      log(`  ✓ ${name} (${Date.now() - started} ms)`);
      return result;
    } catch (error) {
      log(`  ✗ ${name}`);
      throw new StepError(name, error);
    }
  };
  const shot = (name: string) =>
    page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: true });

  const stamp = Date.now();
  const email = `e2e-${stamp}@example.com`;
  const password = `E2e-pass-${stamp}`;
  const phone = `09${String(stamp).slice(-8)}`;

  try {
    log(`journey against ${baseUrl} as ${email}`);

    await step('open the home page', async () => {
      const response = await page.goto(`${baseUrl}/`, { waitUntil: 'domcontentloaded' });
      assert(response?.ok(), `GET / answered ${response?.status()}`);
      await page.getByTestId('open-login').waitFor();
      await shot('01-home');
    });

    await step('agree to cookies', async () => {
      await page.getByTestId('cookie-agree').click();
      await page.getByTestId('cookie-agree').waitFor({ state: 'detached' });
      const stored = await page.evaluate(() => localStorage.getItem('cookieConsent'));
      assert(stored === 'true', `cookieConsent is ${stored}, expected true`);
    });

    await step('register: e-mail, request the code', async () => {
      await page.getByTestId('open-register').click();
      await page.getByTestId('register-email').fill(email);
      await page.getByTestId('register-submit').click();
      await page.getByTestId('register-code').waitFor();
      await shot('02-register-code');
    });

    const code = await step('read the code from the delivery log', async () => {
      const token = await staffToken(baseUrl, opts.staffUsername, opts.staffPassword);
      return codeFromDeliveryLog(baseUrl, token, email, opts.codeTimeoutMs ?? 30_000);
    });

    await step('register: code and details', async () => {
      await page.getByTestId('register-code').fill(code);
      await page.getByTestId('register-submit').click();
      await page.getByTestId('register-firstName').fill('อีทูอี');
      await page.getByTestId('register-lastName').fill('ทดสอบ');
      await page.getByTestId('register-phone').fill(phone);
      await page.getByTestId('register-password').fill(password);
      await page.getByTestId('register-passwordConfirm').fill(password);
      await shot('03-register-details');
      await page.getByTestId('register-submit').click();
      await page.getByTestId('register-success-login').waitFor();
      await shot('04-register-success');
    });

    await step('log in through the login dialog', async () => {
      await page.getByTestId('register-success-login').click();
      await page.getByTestId('login-email').fill(email);
      await page.getByTestId('login-password').fill(password);
      await page.getByTestId('login-submit').click();
      await page.getByTestId('login-submit').waitFor({ state: 'detached' });
    });

    await step('the header shows the status New', async () => {
      const status = page.getByTestId('user-status');
      await status.waitFor();
      const value = await status.getAttribute('data-status');
      assert(value === 'New', `data-status is ${value}, expected New`);
      const label = await status.getAttribute('aria-label');
      assert(label?.includes('New'), `status label is ${label}`);
      assert(new URL(page.url()).pathname === '/', `after login the page is ${page.url()}, expected /`);
      await shot('05-logged-in');
    });

    await step(`search products for "${opts.searchText}" and open one`, async () => {
      await page.getByTestId('product-search').click();
      await page.getByTestId('product-search').fill(opts.searchText);
      const option = page.getByTestId('product-search-option').first();
      await option.waitFor();
      await page.waitForTimeout(400); // let the debounced query settle on the typed text
      const first = page.getByTestId('product-search-option').first();
      const href = await first.getAttribute('href');
      assert(href?.startsWith('/product/'), `option links to ${href}`);
      await shot('06-search');
      await first.click();
      await page.waitForURL((url) => url.pathname === href);
      await page.locator('h1').first().waitFor();
      await shot('07-product');
    });

    await step('an unknown route shows the 404 page', async () => {
      await page.goto(`${baseUrl}/this-does-not-exist`, { waitUntil: 'domcontentloaded' });
      await page.getByText('This page could not be found').waitFor();
      await page.getByText('404 Not Found').waitFor();
      await shot('08-not-found');
    });

    assert(pageErrors.length === 0, `uncaught errors in the page: ${pageErrors.join(' | ')}`);
  } catch (error) {
    await page
      .screenshot({
        path: path.join(artifacts, `failure-${current.replace(/[^a-z0-9]+/gi, '-')}.png`),
        fullPage: true,
      })
      .catch(() => undefined);
    throw error;
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const env = process.env;
  const missing = ['STAFF_USERNAME', 'STAFF_PASSWORD', 'SEARCH_TEXT'].filter((name) => !env[name]);
  try {
    if (missing.length > 0) throw new Error(`missing environment: ${missing.join(', ')}`);
    await runJourney({
      baseUrl: env.BASE_URL ?? 'http://127.0.0.1:3000',
      staffUsername: env.STAFF_USERNAME as string,
      staffPassword: env.STAFF_PASSWORD as string,
      searchText: env.SEARCH_TEXT as string,
      executablePath: env.CHROMIUM_PATH,
      headless: env.HEADFUL !== '1',
    });
    console.log('1 passed, 0 failed');
  } catch (error) {
    console.error(`journey failed: ${error instanceof Error ? error.message : String(error)}`);
    console.log('0 passed, 1 failed');
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await main();
}
