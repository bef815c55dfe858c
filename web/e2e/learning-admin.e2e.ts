/**
 * Issue 12's journey: staff build a course in the learning back office and hand it to a member who
 * bought before the course existed. Set-up through the API (not the subject): a product on sale and
 * a member who buys it — registered with the e-mailed code, ordered by bank transfer, slip approved —
 * while the product grants no course. Then in the browser, as staff: a course in /admin/courses, a
 * Zoom room in /admin/zoom, a PDF in /admin/document, a lesson video in /admin/video uploaded through
 * tus (an ffmpeg test pattern) until transcoding marks it ready, a video session and a meeting
 * session (the room and the document) in /admin/coursesdetail/:id, the course linked to the product
 * in /admin/product, and in /admin/userCourse "grant to the paid buyers" of the product gives the
 * earlier buyer the course (the enrolment row). Each admin page is looked at 1366 px and on a phone:
 * the page is never wider than the window and every table's last column is in view or its own box
 * scrolls to it. Last, as that member through the API: the video session hands out a signed HLS
 * playlist that serves, the meeting session its room with the passcode and the document's signed URL.
 *
 *   npx tsx web/e2e/learning-admin.e2e.ts
 *   env: BASE_URL (http://127.0.0.1:3000), STAFF_USERNAME, STAFF_PASSWORD, CHROMIUM_PATH, HEADFUL=1
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import {
  PHONE,
  apiCall,
  assert,
  bangkokDay,
  inBrowser,
  journeyProgram,
  memberWhoBought,
  productOnSale,
  staffCall,
  staffToken,
  untilTrue,
  type JourneyFrame,
  type JourneyOptions,
} from './support.js';

/** The laptop the issue names (the other journeys' DESKTOP is 1280). */
const LAPTOP = { width: 1366, height: 800 };

/** A one-page PDF written by hand (media checks documents by content: "%PDF-"). */
function samplePdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 40 100 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A few seconds of ffmpeg's test pattern, H.264 in MP4. */
function testPatternVideo(file: string): void {
  const res = spawnSync(
    process.env.MEDIA_FFMPEG ?? 'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=15',
      '-t',
      '3',
      '-pix_fmt',
      'yuv420p',
      '-c:v',
      'libx264',
      '-y',
      file,
    ],
    { encoding: 'utf8' },
  );
  assert(res.status === 0, `ffmpeg could not make the test video: ${res.stderr || res.error?.message}`);
}

/**
 * Every table on the page fits: the page is no wider than the window, each table's frame ends inside
 * it, and each table's last header cell is in view once its frame is scrolled to the end (a wide table
 * scrolls inside its own box, never the page). Answers "ok" or what is cut off.
 */
async function columnsFit(page: Page): Promise<string> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const pageOverflow = document.documentElement.scrollWidth - window.innerWidth;
    if (pageOverflow > 0) problems.push(`the page is ${pageOverflow}px wider than the window`);
    const tables = Array.from(document.querySelectorAll('table')).filter(
      (t) => t.getBoundingClientRect().width > 0,
    );
    if (tables.length === 0) problems.push('no table on the page');
    for (const table of tables) {
      const name = table.getAttribute('data-testid') ?? 'a table';
      const wrap = (table.closest('.table-wrap') ?? table.parentElement) as HTMLElement;
      const box = wrap.getBoundingClientRect();
      if (box.right > window.innerWidth + 1) problems.push(`${name}: its frame ends at ${box.right}px`);
      const scrolls = getComputedStyle(wrap).overflowX;
      if (wrap.scrollWidth > wrap.clientWidth + 1 && scrolls !== 'auto' && scrolls !== 'scroll') {
        problems.push(
          `${name}: ${wrap.scrollWidth - wrap.clientWidth}px cut off and its frame does not scroll`,
        );
      }
      // a column squeezed until its text breaks every few letters is as unreadable as a cut one
      const headers = Array.from(table.querySelectorAll('thead th')).map((th) => th.textContent?.trim());
      for (const row of Array.from(table.querySelectorAll('tbody tr'))) {
        Array.from(row.children).forEach((cell, i) => {
          const text = (cell as HTMLElement).innerText.trim();
          const width = cell.getBoundingClientRect().width;
          if (text.length > 8 && width < 72 && !cell.querySelector('button, select, input')) {
            problems.push(`${name}: the column "${headers[i] ?? i}" is squeezed to ${Math.round(width)}px`);
          }
        });
      }
      const last = table.querySelector('thead th:last-child');
      if (!last) continue;
      wrap.scrollLeft = wrap.scrollWidth;
      const end = last.getBoundingClientRect().right;
      if (end > box.right + 1)
        problems.push(`${name}: the last column ends at ${end}px, its frame at ${box.right}px`);
      wrap.scrollLeft = 0;
    }
    return problems.length ? [...new Set(problems)].join('; ') : 'ok';
  });
}

export async function runLearningAdminJourney(opts: JourneyOptions): Promise<void> {
  await inBrowser('learning-admin', opts, async (frame: JourneyFrame) => {
    const { baseUrl, log, open, shot, step, watch } = frame;
    const stamp = Date.now();
    const tag = stamp.toString(36).slice(-6).toUpperCase();
    const shop = {
      url: `e2e-learning-${stamp}`,
      title: `คอร์สออนไลน์ทดสอบ ${tag}`,
    };
    const course = { title: `บทเรียนทดสอบ ${tag}`, code: `LA${tag}` };
    const room = {
      title: `ห้องสด ${tag}`,
      url: `https://zoom.us/j/9${String(stamp).slice(-9)}`,
      meetingId: `9${String(stamp).slice(-9)}`,
      passcode: `pc${tag}`,
    };
    const documentName = `เอกสารประกอบ ${tag}`;
    const videoName = `วิดีโอบทที่ 1 ${tag}`;
    const sessions = { video: `บทที่ 1: กราฟ ${tag}`, meeting: `ถามตอบสด ${tag}` };
    const buyer = {
      email: `e2e-learning-${stamp}@example.com`,
      password: `E2e-learning-${stamp}`,
    };
    const today = bangkokDay(0);
    log(`learning admin journey against ${baseUrl}; course ${course.code}, buyer ${buyer.email}`);
    const staff = await staffToken(baseUrl, opts.staffUsername, opts.staffPassword);
    const dir = await mkdtemp(path.join(tmpdir(), 'rian-e2e-learning-'));

    /** one admin page at 1366 px and on a phone: nothing cut off, a screenshot of each */
    const layouts = async (page: Page, name: string) => {
      for (const [size, viewport] of [
        ['1366', LAPTOP],
        ['phone', PHONE],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.locator('table').first().waitFor();
        // the layout settles (fonts, the menu collapsing) before it is measured
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
        const fit = await columnsFit(page);
        await shot(page, `la-${name}-${size}`, { fullPage: size === 'phone' });
        assert(fit === 'ok', `${name} at ${size}: ${fit}`);
      }
      await page.setViewportSize(LAPTOP);
    };

    try {
      const setup = await step(
        'set-up (API): a product on sale with no course; a member buys it and the transfer is approved',
        async () => {
          const product = await productOnSale(baseUrl, staff, {
            url: shop.url,
            title: shop.title,
            subtitle: 'สินค้าที่ลิงก์คอร์สหลังการขาย',
            value: 990,
          });
          const bought = await memberWhoBought(
            baseUrl,
            staff,
            {
              email: buyer.email,
              password: buyer.password,
              firstName: 'ผู้ซื้อก่อน',
              lastName: `ทดสอบ ${tag}`,
              phone: `08${String(stamp).slice(-8)}`,
            },
            async () => ({ productId: product.productId, priceId: product.priceId }),
            // the product grants no course yet: nothing to sign (the buyer never enters /member here)
            { signTerms: false },
          );
          return { ...product, userId: bought.userId, reference: bought.reference };
        },
      );

      const admin = watch(await open(LAPTOP));
      await step('staff: sign in at /admin/login', async () => {
        await admin.goto(`${baseUrl}/admin/login`, { waitUntil: 'domcontentloaded' });
        await admin.getByTestId('staff-username').fill(opts.staffUsername);
        await admin.getByTestId('staff-password').fill(opts.staffPassword);
        await admin.getByTestId('staff-submit').click();
        await admin.waitForURL((url) => url.pathname === '/admin/');
      });

      const courseId = await step('staff: /admin/courses → new course → its row and id', async () => {
        await admin.goto(`${baseUrl}/admin/courses`, { waitUntil: 'domcontentloaded' });
        await admin.getByTestId('courses-new').click();
        const dialog = admin.getByTestId('course-dialog');
        await dialog.getByTestId('course-title').fill(course.title);
        await dialog.getByTestId('course-code').fill(course.code);
        await dialog.getByTestId('course-detail').fill('คอร์สที่สร้างในการทดสอบเส้นทางของฝ่ายเรียน');
        await dialog.getByTestId('course-dialog-save').click();
        await dialog.waitFor({ state: 'detached' });
        const row = admin.getByTestId(`course-row-${course.code}`);
        await row.getByText(course.title).waitFor();
        const id = ((await row.getByTestId('course-id-value').textContent()) ?? '').trim();
        assert(/^[0-9a-f-]{36}$/.test(id), `the course row shows the id "${id}"`);
        await layouts(admin, 'courses');
        return id;
      });

      await step('staff: /admin/zoom → new room (passcode masked in the list)', async () => {
        await admin.goto(`${baseUrl}/admin/zoom`, { waitUntil: 'domcontentloaded' });
        await admin.getByTestId('zoom-new').click();
        const dialog = admin.getByTestId('zoom-dialog');
        await dialog.getByTestId('zoom-title').fill(room.title);
        await dialog.getByTestId('zoom-url').fill(room.url);
        await dialog.getByTestId('zoom-meeting-id').fill(room.meetingId);
        await dialog.getByTestId('zoom-passcode').fill(room.passcode);
        await dialog.getByTestId('zoom-dialog-save').click();
        await dialog.waitFor({ state: 'detached' });
        const row = admin.getByTestId('zoom-table-row').filter({ hasText: room.title });
        await row.waitFor();
        const masked = (await row.getByTestId('zoom-passcode-value').textContent()) ?? '';
        assert(!masked.includes(room.passcode), 'the passcode shows in the list before it is asked for');
        await layouts(admin, 'zoom');
      });

      await step('staff: /admin/document → upload a PDF (private, through media) → its row', async () => {
        const file = path.join(dir, 'lesson-notes.pdf');
        await writeFile(file, samplePdf(`Rian lesson notes ${tag}`));
        await admin.goto(`${baseUrl}/admin/document`, { waitUntil: 'domcontentloaded' });
        await admin.getByTestId('documents-new').click();
        const dialog = admin.getByTestId('document-dialog');
        await dialog.getByTestId('document-upload').setInputFiles(file);
        await dialog.getByTestId('document-file').filter({ hasText: 'lesson-notes.pdf' }).waitFor({
          timeout: 30_000,
        });
        await dialog.getByTestId('document-name').fill(documentName);
        await dialog.getByTestId('document-dialog-save').click();
        await dialog.waitFor({ state: 'detached', timeout: 30_000 });
        await admin.getByTestId('documents-table-row').filter({ hasText: documentName }).waitFor();
        await layouts(admin, 'document');
      });

      await step(
        'staff: /admin/video → new video of the course, a test pattern uploaded (tus) → ready once transcoded',
        async () => {
          const file = path.join(dir, 'lesson-1.mp4');
          testPatternVideo(file);
          await admin.goto(`${baseUrl}/admin/video`, { waitUntil: 'domcontentloaded' });
          await admin.getByTestId('videos-new').click();
          const dialog = admin.getByTestId('video-dialog');
          await dialog.getByTestId('video-course').selectOption(courseId);
          await dialog.getByTestId('video-name').fill(videoName);
          await dialog.getByTestId('video-source').selectOption('upload');
          await dialog.getByTestId('video-status').selectOption('show');
          await dialog.getByTestId('video-upload-input').setInputFiles(file);
          await dialog.getByTestId('video-upload-done').waitFor({ timeout: 60_000 });
          await dialog.getByTestId('video-dialog-save').click();
          await dialog.waitFor({ state: 'detached' });
          await admin.getByTestId('videos-course-filter').selectOption(courseId);
          const row = admin.getByTestId('videos-table-row').filter({ hasText: videoName });
          await row.waitFor();
          // the list polls while the asset is on its way: uploading → queued → transcoding → ready
          const status = row.getByTestId('video-asset-status');
          await untilTrue('the uploaded video is transcoded (ready)', 120_000, async () => {
            const now = await status.getAttribute('data-status').catch(() => null);
            assert(now !== 'failed', `transcoding failed: ${await row.textContent()}`);
            return now === 'ready';
          });
          await row.getByTestId('video-preview-open').waitFor();
          await layouts(admin, 'video');
        },
      );

      await step(
        `staff: /admin/coursesdetail/<id> → a video session and a meeting session (room + document), today`,
        async () => {
          await admin.goto(`${baseUrl}/admin/courses`, { waitUntil: 'domcontentloaded' });
          await admin.getByTestId(`course-row-${course.code}`).getByTestId('course-sessions').click();
          await admin.waitForURL((url) => url.pathname === `/admin/coursesdetail/${courseId}`);

          await admin.getByTestId('sessions-new').click();
          let dialog = admin.getByTestId('session-dialog');
          await dialog.getByTestId('session-type').selectOption('video');
          await dialog.getByTestId('session-title').fill(sessions.video);
          await dialog.getByTestId('session-date').fill(today);
          await dialog.getByTestId('session-video').selectOption({ label: videoName });
          await dialog.getByTestId('session-dialog-save').click();
          await dialog.waitFor({ state: 'detached' });

          await admin.getByTestId('sessions-new').click();
          dialog = admin.getByTestId('session-dialog');
          await dialog.getByTestId('session-type').selectOption('meeting');
          await dialog.getByTestId('session-title').fill(sessions.meeting);
          await dialog.getByTestId('session-date').fill(today);
          await dialog.getByTestId('session-start').fill('19:00');
          await dialog.getByTestId('session-to').fill('21:00');
          await dialog.getByTestId('session-zoom').selectOption({ label: room.title });
          await dialog.getByTestId('session-document-pick').selectOption({ label: documentName });
          await dialog.getByTestId('session-document-add').click();
          await dialog.getByTestId('session-document').filter({ hasText: documentName }).waitFor();
          await dialog.getByTestId('session-dialog-save').click();
          await dialog.waitFor({ state: 'detached' });

          const video = admin.getByTestId('sessions-table-row').filter({ hasText: sessions.video });
          assert(
            (await video.getByTestId('session-type-badge').getAttribute('data-type')) === 'video',
            'the video session is not of type video',
          );
          await video.getByText(videoName).waitFor();
          const meeting = admin.getByTestId('sessions-table-row').filter({ hasText: sessions.meeting });
          assert(
            (await meeting.getByTestId('session-type-badge').getAttribute('data-type')) === 'meeting',
            'the meeting session is not of type meeting',
          );
          await meeting.getByTestId('session-zoom-name').filter({ hasText: room.title }).waitFor();
          // the row counts the session's documents (their names are in its dialog)
          await meeting.getByText('เอกสาร 1 รายการ').waitFor();
          await layouts(admin, 'coursesdetail');
        },
      );

      await step("staff: /admin/product → the product's courses → pick the new course", async () => {
        // catalog hears of learning's courses through events: it knows the course before staff pick it
        await untilTrue('catalog hears of the course', 30_000, async () => {
          const known = await staffCall<{ total: number }>(
            baseUrl,
            staff,
            'GET',
            `/catalog/admin/learning-courses?ids=${courseId}`,
          );
          return known.total === 1;
        });
        await admin.goto(`${baseUrl}/admin/product`, { waitUntil: 'domcontentloaded' });
        await admin.getByTestId('products-search').fill(shop.url);
        const row = admin.getByTestId('products-table-row').filter({ hasText: shop.url });
        await row.getByTestId('product-edit').click();
        const dialog = admin.getByTestId('product-dialog');
        await dialog.getByTestId('product-tab-courses').click();
        await dialog.getByTestId('course-pick').fill(course.code);
        await dialog.getByTestId('course-pick-option').filter({ hasText: course.title }).click();
        await dialog.getByTestId('courses-row').filter({ hasText: course.title }).waitFor();
        await admin.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        // the buyer bought before the course was on the product: no enrolment came of it
        const before = await staffCall<{ total: number }>(
          baseUrl,
          staff,
          'GET',
          `/learning/admin/enrolments?courseId=${courseId}&userId=${setup.userId}&page=1&pageSize=20`,
        );
        assert(
          before.total === 0,
          `the earlier buyer already has ${before.total} enrolment(s) in the course`,
        );
      });

      await step(
        'staff: /admin/userCourse → grant to the paid buyers of the product → the enrolment row',
        async () => {
          await admin.goto(`${baseUrl}/admin/userCourse`, { waitUntil: 'domcontentloaded' });
          await admin.getByTestId('enrolment-grant-product').click();
          const dialog = admin.getByTestId('enrolment-grant-product-dialog');
          await dialog.getByTestId('enrolment-grant-product-search').fill(shop.title);
          await dialog.getByTestId('enrolment-grant-product-select').selectOption({ label: shop.title });
          // learning hears of the product's new course list and of the paid order through events; until
          // it has both a grant finds nothing to do — press again (a grant is once per member and course)
          const result = dialog.getByTestId('enrolment-grant-product-result');
          let granted = '0';
          await untilTrue("the earlier buyer is granted the product's course", 30_000, async () => {
            await dialog.getByTestId('enrolment-grant-product-dialog-save').click();
            await result.waitFor();
            await admin.waitForFunction(
              () => !document.querySelector('[data-testid="enrolment-grant-product-dialog-save"][disabled]'),
            );
            granted = (await result.getAttribute('data-granted')) ?? '0';
            return granted !== '0';
          });
          assert(granted === '1', `the grant gave ${granted} enrolments (one buyer, one course)`);
          assert(
            (await result.getAttribute('data-buyers')) === '1',
            'the product has more than one paid buyer',
          );
          await shot(admin, 'la-usercourse-granted', { fullPage: false });
          await admin.keyboard.press('Escape');
          await dialog.waitFor({ state: 'detached' });
          await admin.getByTestId('enrolments-course-filter').selectOption(courseId);
          const row = admin.getByTestId('enrolments-table-row').filter({ hasText: buyer.email });
          await row.waitFor();
          assert(
            (await row.getByTestId('enrolment-status').getAttribute('data-status')) === 'active',
            'the granted enrolment is not active',
          );
          await layouts(admin, 'usercourse');
        },
      );

      await step(
        'member (API): the video session hands out a signed HLS playlist that serves; the meeting its room and document',
        async () => {
          const list = await staffCall<{ items: { id: string; title: string }[] }>(
            baseUrl,
            staff,
            'GET',
            `/learning/admin/courses/${courseId}/sessions?page=1&pageSize=50`,
          );
          const id = (title: string) => {
            const found = list.items.find((s) => s.title === title)?.id;
            assert(found, `no session "${title}" in the course`);
            return found;
          };
          // paid, the buyer became Premium and auth ended their earlier sessions: they sign in again
          const { token } = await apiCall<{ token: string }>(baseUrl, null, 'POST', '/auth/login', {
            email: buyer.email,
            password: buyer.password,
          });
          const view = await apiCall<{ video: { playbackUrl: string | null } | null }>(
            baseUrl,
            token,
            'GET',
            `/learning/member/sessions/${id(sessions.video)}`,
          );
          const playlist = view.video?.playbackUrl;
          assert(playlist, `the video session hands out no playlist: ${JSON.stringify(view.video)}`);
          const served = await fetch(new URL(playlist, `${baseUrl}/`));
          const text = await served.text();
          assert(served.status === 200, `the signed playlist answered ${served.status}`);
          assert(text.startsWith('#EXTM3U'), `the signed playlist is not HLS: ${text.slice(0, 80)}`);

          const meeting = await apiCall<{
            zoomRoom: { url: string; passcode: string | null } | null;
            documents: { name: string; url: string | null }[];
          }>(baseUrl, token, 'GET', `/learning/member/sessions/${id(sessions.meeting)}`);
          assert(
            meeting.zoomRoom?.url === room.url,
            `the meeting's room: ${JSON.stringify(meeting.zoomRoom)}`,
          );
          assert(
            meeting.zoomRoom.passcode === room.passcode,
            'the enrolled member does not get the passcode today',
          );
          const doc = meeting.documents.find((d) => d.name === documentName);
          assert(
            doc?.url,
            `the meeting hands out no signed document URL: ${JSON.stringify(meeting.documents)}`,
          );
          const file = await fetch(new URL(doc.url, `${baseUrl}/`));
          const bytes = Buffer.from(await file.arrayBuffer());
          assert(file.status === 200, `the signed document answered ${file.status}`);
          assert(bytes.subarray(0, 5).toString('latin1') === '%PDF-', 'the signed document is not the PDF');
        },
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
}

await journeyProgram(import.meta.url, (opts) => runLearningAdminJourney(opts));
