/**
 * What the browser journeys share: Chromium's flags for this machine, viewports, the staff API
 * (token, calls, the delivery log's e-mailed codes), Bangkok days, a PNG drawn by hand, and the frame
 * a journey runs in (browser, steps, failure screenshots) with its command line.
 */
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { deflateSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { DEMO_GROUP_IDS } from '@rian/proto-contracts/demo';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export class StepError extends Error {
  constructor(step: string, cause: unknown) {
    super(`step "${step}" failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StepError';
  }
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks `check` every 500 ms until it answers true; throws naming `what` after `timeoutMs`. */
export async function untilTrue(
  what: string,
  timeoutMs: number,
  check: () => Promise<boolean>,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    assert(Date.now() < deadline, `${what} did not happen within ${timeoutMs / 1000} s`);
    await sleep(500);
  }
}

/** A member signs in on /login (the SPA's dialog) and agrees to cookies; back on the page with the member button. */
export async function memberSignIn(page: Page, baseUrl: string, who: { email: string; password: string }) {
  await page.goto(`${baseUrl}/login`, { waitUntil: 'domcontentloaded' });
  await page.getByTestId('login-email').fill(who.email);
  await page.getByTestId('login-password').fill(who.password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('member-link').waitFor();
  await page.getByTestId('cookie-agree').click();
}

export async function staffToken(baseUrl: string, username: string, password: string): Promise<string> {
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

export type Delivery = { to: string; text: string; subject: string; createdAt: string; template: string };

/** Templates of the code e-mails in the delivery log (notifications: `auth.email-code.<purpose>`). */
export const REGISTER_TEMPLATE = 'auth.email-code.register';
export const PASSWORD_RESET_TEMPLATE = 'auth.email-code.password-reset';

/**
 * Polls the delivery log until a code e-mail to `email` (with `template`, when given) appears;
 * returns the 4-digit code of the newest.
 */
export async function codeFromDeliveryLog(
  baseUrl: string,
  token: string,
  email: string,
  timeoutMs: number,
  template?: string,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    const filter = template ? `&template=${encodeURIComponent(template)}` : '';
    const url = `${baseUrl}/api/notifications/deliveries?to=${encodeURIComponent(email)}${filter}&page=1&pageSize=20`;
    const response = await fetch(url, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    });
    if (response.ok) {
      const page = (await response.json()) as { items?: Delivery[] };
      const items = (page.items ?? [])
        .filter((d) => d.to.toLowerCase() === email.toLowerCase())
        .filter((d) => !template || d.template === template)
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

/**
 * A call to the API (as whoever `token` is, or nobody); answers the JSON body (undefined when there
 * is none), or throws with what the server said.
 */
export async function apiCall<T>(
  baseUrl: string,
  token: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  apiPath: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}/api${apiPath}`, {
    method,
    headers: {
      ...headers,
      Accept: 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${method} ${apiPath} answered ${response.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A call to the API as staff; answers the JSON body, or throws with what the server said. */
export async function staffCall<T>(
  baseUrl: string,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  apiPath: string,
  body?: unknown,
): Promise<T> {
  return apiCall<T>(baseUrl, token, method, apiPath, body);
}

/**
 * A new member, through the API: registers with the e-mailed code, signs in, orders what `choose`
 * picks (it gets the member's token: prices depend on who asks) by bank transfer, sends a slip, and
 * staff approve it; returns once the order is paid. The buying path itself is driven in the browser
 * by the demo and checkout journeys.
 */
export async function memberWhoBought(
  baseUrl: string,
  staff: string,
  who: { email: string; password: string; firstName: string; lastName: string; phone: string },
  choose: (memberToken: string) => Promise<{ productId: string; priceId: string }>,
  opts: { signTerms?: boolean } = {},
): Promise<{ userId: string; orderId: string; reference: string }> {
  await apiCall(baseUrl, null, 'POST', '/auth/register/code', { email: who.email });
  const code = await codeFromDeliveryLog(baseUrl, staff, who.email, 30_000, REGISTER_TEMPLATE);
  await apiCall(baseUrl, null, 'POST', '/auth/register', {
    email: who.email,
    code,
    password: who.password,
    passwordConfirm: who.password,
    firstName: who.firstName,
    lastName: who.lastName,
    phone: who.phone,
  });
  const login = await apiCall<{ token: string; user: { id: string } }>(baseUrl, null, 'POST', '/auth/login', {
    email: who.email,
    password: who.password,
  });
  const { productId, priceId } = await choose(login.token);
  const { order } = await apiCall<{ order: { id: string; reference: string } }>(
    baseUrl,
    login.token,
    'POST',
    '/orders/checkout',
    { productId, priceId, paymentType: 4 },
    { 'Idempotency-Key': `e2e-buy-${who.email}` },
  );
  const form = new FormData();
  form.append('paymentDate', bangkokDay(0));
  form.append('paymentTime', '10:30');
  form.append('slip', new Blob([new Uint8Array(coursePng(240, 360))], { type: 'image/png' }), 'slip.png');
  // payments opens the order's payment when it hears orders' event: on a fresh stack that can come
  // a moment after checkout answered (404 payments.order_not_found until then)
  let sent: Response | undefined;
  await untilTrue('payments knows the order', 20_000, async () => {
    sent = await fetch(`${baseUrl}/api/payments/payments/${order.id}/slip`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${login.token}`, Accept: 'application/json' },
      body: form,
    });
    return sent.status !== 404;
  });
  assert(sent?.status === 201, `the slip answered ${sent?.status}: ${(await sent?.text())?.slice(0, 300)}`);
  let slipId = '';
  await untilTrue('the slip reaches the review queue', 20_000, async () => {
    const slips = await staffCall<{ items: { id: string; orderId: string }[] }>(
      baseUrl,
      staff,
      'GET',
      '/payments/admin/slips?status=wait&pageSize=100',
    );
    slipId = slips.items.find((s) => s.orderId === order.id)?.id ?? '';
    return Boolean(slipId);
  });
  await staffCall(baseUrl, staff, 'POST', `/payments/admin/slips/${slipId}/approve`);
  await untilTrue('the order is paid', 30_000, async () => {
    // as staff: the member's token ends when the payment makes them Premium
    const paid = await staffCall<{ status: string }>(
      baseUrl,
      staff,
      'GET',
      `/orders/admin/orders/${order.id}`,
    );
    return paid.status === 'paid';
  });
  // issue 16: a member of a course is shown its terms on entering /member; journeys not about the
  // terms sign them here (member-onboarding.e2e.ts signs in the browser and passes signTerms: false)
  if (opts.signTerms ?? true) await signTermsByApi(baseUrl, who);
  return { userId: login.user.id, orderId: order.id, reference: order.reference };
}

/**
 * Issue 16, through the API: the member signs the course terms of every enrolment not signed yet
 * (once learning has granted the paid courses), as the terms dialog would — so entering /member
 * shows no terms dialog. Answers how many enrolments were signed.
 */
export async function signTermsByApi(
  baseUrl: string,
  who: { email: string; password: string },
): Promise<number> {
  const { token } = await apiCall<{ token: string }>(baseUrl, null, 'POST', '/auth/login', {
    email: who.email,
    password: who.password,
  });
  type Mine = { items: { courseId: string; signature?: 'Y' | 'N' }[] };
  let items: Mine['items'] = [];
  await untilTrue('learning granted the paid courses', 30_000, async () => {
    items = (await apiCall<Mine>(baseUrl, token, 'GET', '/learning/enrolments/mine')).items;
    return items.length > 0;
  });
  let signed = 0;
  for (const e of items.filter((i) => i.signature !== 'Y')) {
    const terms = await apiCall<{ textHash: string }>(
      baseUrl,
      token,
      'GET',
      `/learning/member/terms?courseId=${encodeURIComponent(e.courseId)}`,
    );
    await apiCall(baseUrl, token, 'POST', '/learning/member/terms', {
      courseId: e.courseId,
      textHash: terms.textHash,
      strokes: [
        {
          points: [0, 1, 2, 3].map((i) => ({
            x: 20 + i * 30,
            y: 40 + (i % 2) * 20,
            pressure: 0.5,
            time: i * 16,
          })),
        },
      ],
      png: coursePng(300, 100).toString('base64'),
    });
    signed++;
  }
  return signed;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * Staff (API) put a product on sale: the product, listed on the price list, and its normal price
 * (NL, every signed-in member's code) from `start` for 30 days. Answers the product and price ids.
 */
/**
 * Links learning's courses to a product once catalog has heard of them (learning's course events
 * travel through JetStream; catalog refuses a course it does not know with 422).
 */
export async function linkCourses(
  baseUrl: string,
  staff: string,
  productId: string,
  courseIds: string[],
): Promise<void> {
  await untilTrue(`catalog hears of the courses ${courseIds.join(', ')}`, 20_000, async () => {
    const known = await staffCall<{ total: number }>(
      baseUrl,
      staff,
      'GET',
      `/catalog/admin/learning-courses?ids=${courseIds.join(',')}`,
    );
    return known.total === courseIds.length;
  });
  await staffCall(baseUrl, staff, 'PUT', `/catalog/admin/products/${productId}/courses`, { courseIds });
}

export async function productOnSale(
  baseUrl: string,
  staff: string,
  p: { url: string; title: string; subtitle: string; value: number; start?: string },
): Promise<{ productId: string; priceId: string }> {
  const product = await staffCall<{ id: string }>(baseUrl, staff, 'POST', '/catalog/admin/products', {
    url: p.url,
    title: p.title,
    subtitle: p.subtitle,
    price: p.value,
    priceList: 'Y',
  });
  const price = await staffCall<{ id: string }>(
    baseUrl,
    staff,
    'POST',
    `/catalog/admin/products/${product.id}/prices`,
    {
      type: 'NL',
      member: 'NL',
      title: 'ราคาปกติ',
      value: p.value,
      start: p.start ?? bangkokDay(0),
      to: bangkokDay(30),
    },
  );
  return { productId: product.id, priceId: price.id };
}

/** A small RGB PNG written by hand (no image library): a navy-to-blue field with a gold chart line. */
export function coursePng(width = 320, height = 200): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0, then RGB
    for (let x = 0; x < width; x++) {
      const t = (x + y) / (width + height);
      const line = Math.abs(height - 1 - y - (x * height * 0.7) / width - height * 0.15) < 3;
      const [r, g, b] = line
        ? [242, 183, 5]
        : [Math.round(11 + 18 * t), Math.round(27 + 60 * t), Math.round(54 + 154 * t)];
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** yyyy-mm-dd in Asia/Bangkok, `plusDays` from today (the catalog's "today"). */
export function bangkokDay(plusDays = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(
    new Date(Date.now() + plusDays * 86_400_000),
  );
}

export const dayMonthYear = (day: string) => day.split('-').reverse().join('-');

/** Runs one named step, logs ✓/✗ with its time, and names the step in the error it throws. */
export function stepRunner(log: (line: string) => void, onStart: (name: string) => void = () => {}) {
  return async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    onStart(name);
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
}

/** A journey's command line: the last line printed is "1 passed, 0 failed" or "0 passed, 1 failed". */
export async function runJourneyMain(run: (env: NodeJS.ProcessEnv) => Promise<void>): Promise<void> {
  const env = process.env;
  const missing = ['STAFF_USERNAME', 'STAFF_PASSWORD'].filter((name) => !env[name]);
  try {
    if (missing.length > 0) throw new Error(`missing environment: ${missing.join(', ')}`);
    await run(env);
    console.log('1 passed, 0 failed');
  } catch (error) {
    console.error(`journey failed: ${error instanceof Error ? error.message : String(error)}`);
    console.log('0 passed, 1 failed');
    process.exitCode = 1;
  }
}

/** How a journey's page starts. */
export type OpenOptions = {
  /**
   * true: the member area's group join prompts show (the groups journey). Otherwise the demo
   * groups' prompts start put off, as if the member had pressed "later" in this browser session.
   */
  groupPrompts?: boolean;
};

/** Runs in the page before its scripts: the SPA's "later" list of join prompts (sessionStorage). */
function putOffGroupPrompts(ids: string[]) {
  const key = 'rian.member-groups.later';
  try {
    const had = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
    sessionStorage.setItem(key, JSON.stringify([...new Set([...had, ...ids])]));
  } catch {
    // no storage (about:blank): nothing to put off
  }
}

export type BrowserOptions = {
  artifactsDir: string;
  executablePath?: string;
  headless?: boolean;
  /** per UI step (ms) */
  timeoutMs?: number;
};

/**
 * Debian's Chromium with this machine's flags, and what every journey does with it: a page in a
 * context of its own (its own cookies: a staff sign-in does not touch the member's), Thai locale,
 * the step timeout, uncaught page errors collected, screenshots into the artifacts folder.
 */
export async function openBrowser(opts: BrowserOptions): Promise<{
  browser: Browser;
  pageErrors: string[];
  open: (viewport?: { width: number; height: number }, pageOpts?: OpenOptions) => Promise<Page>;
  shot: (page: Page, name: string, options?: { fullPage?: boolean }) => Promise<Buffer>;
}> {
  await mkdir(opts.artifactsDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: opts.executablePath ?? '/usr/bin/chromium',
    headless: opts.headless ?? true,
    args: opts.headless === false ? CHROMIUM_ARGS.filter((a) => a !== '--headless') : CHROMIUM_ARGS,
  });
  const pageErrors: string[] = [];
  const open = async (viewport = DESKTOP, pageOpts: OpenOptions = {}) => {
    const context = await browser.newContext({ viewport, locale: 'th-TH' });
    // issue 16: the demo course's join prompts are put off ("later") unless a journey is about them
    if (!pageOpts.groupPrompts)
      await context.addInitScript(putOffGroupPrompts, Object.values(DEMO_GROUP_IDS));
    const page = await context.newPage();
    page.setDefaultTimeout(opts.timeoutMs ?? 15_000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    return page;
  };
  const shot = (page: Page, name: string, options: { fullPage?: boolean } = {}) =>
    page.screenshot({
      path: path.join(opts.artifactsDir, `${name}.png`),
      fullPage: options.fullPage ?? true,
      animations: 'disabled',
    });
  return { browser, pageErrors, open, shot };
}

/** What every journey is given (the program's environment, or a caller's). */
export type JourneyOptions = {
  baseUrl: string;
  staffUsername: string;
  staffPassword: string;
  /** screenshots; default web/e2e/artifacts */
  artifactsDir?: string;
  executablePath?: string;
  headless?: boolean;
  /** per UI step (ms) */
  timeoutMs?: number;
  log?: (line: string) => void;
};

export type JourneyFrame = {
  /** without a trailing slash */
  baseUrl: string;
  artifacts: string;
  log: (line: string) => void;
  open: (viewport?: { width: number; height: number }, pageOpts?: OpenOptions) => Promise<Page>;
  shot: (page: Page, name: string, options?: { fullPage?: boolean }) => Promise<Buffer>;
  step: ReturnType<typeof stepRunner>;
  /** the page whose screen is kept if a step fails from now on; answers it */
  watch: (page: Page) => Page;
};

/**
 * The frame every journey runs in: Chromium opened, steps logged and named; when a step fails the
 * watched page's screen is kept as `failure-<journey>-<step>.png`; an uncaught error in any page fails
 * the journey; the browser is closed whatever happens.
 */
export async function inBrowser(
  journey: string,
  opts: JourneyOptions,
  run: (frame: JourneyFrame) => Promise<void>,
): Promise<void> {
  const artifacts = opts.artifactsDir ?? path.join(path.dirname(fileURLToPath(import.meta.url)), 'artifacts');
  const log = opts.log ?? ((line: string) => console.log(line));
  const { browser, pageErrors, open, shot } = await openBrowser({
    artifactsDir: artifacts,
    executablePath: opts.executablePath,
    headless: opts.headless,
    timeoutMs: opts.timeoutMs,
  });
  let current = 'start';
  let failing: Page | undefined;
  const step = stepRunner(log, (name) => {
    current = name;
  });
  const watch = (page: Page) => (failing = page);
  try {
    await run({ baseUrl: opts.baseUrl.replace(/\/+$/, ''), artifacts, log, open, shot, step, watch });
    assert(pageErrors.length === 0, `uncaught errors in the page: ${pageErrors.join(' | ')}`);
  } catch (error) {
    await failing
      ?.screenshot({
        path: path.join(artifacts, `failure-${journey}-${current.replace(/[^a-z0-9]+/gi, '-')}.png`),
        fullPage: true,
      })
      .catch(() => undefined);
    throw error;
  } finally {
    await browser.close();
  }
}

/**
 * A journey file run as a program (`npx tsx web/e2e/<name>.e2e.ts`): its options from BASE_URL,
 * STAFF_USERNAME, STAFF_PASSWORD, CHROMIUM_PATH and HEADFUL=1; the last line printed is the verdict.
 */
export async function journeyProgram(
  moduleUrl: string,
  run: (opts: JourneyOptions, env: NodeJS.ProcessEnv) => Promise<void>,
): Promise<void> {
  const entry = process.argv[1];
  if (!entry || moduleUrl !== pathToFileURL(path.resolve(entry)).href) return;
  await runJourneyMain((env) =>
    run(
      {
        baseUrl: env.BASE_URL ?? 'http://127.0.0.1:3000',
        staffUsername: env.STAFF_USERNAME as string,
        staffPassword: env.STAFF_PASSWORD as string,
        executablePath: env.CHROMIUM_PATH,
        headless: env.HEADFUL !== '1',
      },
      env,
    ),
  );
}

const AXE_SOURCE = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

/** axe-core in the page: the serious and critical violations, as readable lines. */
export async function axeProblems(page: Page): Promise<string[]> {
  // the page's CSP allows scripts from our origin only: axe goes in through the DevTools protocol
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (o: unknown) => Promise<AxeResult> } }).axe;
    type AxeResult = {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
    };
    const result = await axe.run({ resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** What has the keyboard focus: its test id (or the test id inside it), tag and whether a focus ring shows. */
export async function focused(page: Page, testId: string) {
  return page.evaluate((id) => {
    const a = document.activeElement as HTMLElement | null;
    if (!a || a === document.body) return { hit: false, what: 'body', ring: false, inDialog: false };
    const sel = `[data-testid="${id}"]`;
    const hit = Boolean(a.closest(sel) ?? a.querySelector(sel));
    const s = getComputedStyle(a);
    const ring =
      (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) ||
      (s.boxShadow !== 'none' && s.boxShadow !== '');
    const what =
      a.getAttribute('data-testid') ??
      a.querySelector('[data-testid]')?.getAttribute('data-testid') ??
      `${a.tagName.toLowerCase()}${a.getAttribute('aria-label') ? `[${a.getAttribute('aria-label')}]` : ''}`;
    return { hit, what, ring, inDialog: Boolean(a.closest('[role="dialog"]')) };
  }, testId);
}

/**
 * After a dialog closes, waits for the focus to come back to `testId` (Radix gives it back in a
 * timeout after the dialog has left the page, so a check right after "detached" races it); fails
 * naming where the focus is after `timeoutMs`.
 */
export async function focusReturnsTo(page: Page, testId: string, what: string, timeoutMs = 3_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = await focused(page, testId);
    if (now.hit) return now;
    assert(Date.now() < deadline, `after Escape the focus is on ${now.what}, not ${what}`);
    await sleep(50);
  }
}

/**
 * Tab (or Shift+Tab) until the control `testId` (or the focusable around it) has the focus, which
 * must show a focus ring; fails naming where the focus went when it is not reached in `max` presses
 * (an unreachable control, or a trap that keeps the focus elsewhere).
 */
export async function tabTo(page: Page, testId: string, { back = false, max = 80 } = {}): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const now = await focused(page, testId);
    seen.push(now.what);
    if (now.hit) {
      assert(now.ring, `${testId} has the keyboard focus but shows no focus ring`);
      return;
    }
  }
  throw new Error(
    `${testId} not reached with ${back ? 'Shift+Tab' : 'Tab'}; the focus went: ${seen.join(' → ')}`,
  );
}

/** How many pixels the page is wider than the window (0 or less: no sideways scroll). */
export const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * A shop product's id (by its URL) and the price the signed-in member gets today: what
 * memberWhoBought's order step needs.
 */
/** A shop product's id by its url (public). */
export async function productIdByUrl(baseUrl: string, productUrl: string): Promise<string> {
  const found = await apiCall<{ id?: string; product?: { id: string } }>(
    baseUrl,
    null,
    'GET',
    `/catalog/products/by-url/${productUrl}`,
  );
  const productId = found.product?.id ?? found.id;
  assert(productId, `no product id for ${productUrl}`);
  return productId;
}

export async function productAndPrice(
  baseUrl: string,
  token: string,
  productUrl: string,
): Promise<{ productId: string; priceId: string }> {
  const productId = await productIdByUrl(baseUrl, productUrl);
  const prices = await apiCall<{ preselectedPriceId: string | null; items: { id: string }[] }>(
    baseUrl,
    token,
    'GET',
    `/catalog/products/${productId}/prices`,
  );
  const priceId = prices.preselectedPriceId ?? prices.items[0]?.id;
  assert(priceId, `${productUrl} has no price today`);
  return { productId, priceId };
}
