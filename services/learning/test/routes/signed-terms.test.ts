import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import { pdfText, squash } from '@rian/kit/testing-pdf-text';
import type { ServiceApp } from '@rian/kit/service';
import { buildEvent } from '@rian/proto-contracts/envelope';
import { UserRegistered } from '@rian/proto-contracts/auth';
import type { Problem } from '@rian/proto-contracts/errors';
import type { CourseStaff } from '@rian/proto-contracts/learning';
import type { TermsStaffView, TermsView } from '@rian/proto-contracts/learning-terms';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { bearer, orderPaid, startLearning } from '../helpers.js';

/** A signature as the pad draws it: a few dark strokes on a transparent 600 × 200 canvas. */
async function padPng(): Promise<string> {
  const w = 600;
  const h = 200;
  const raw = Buffer.alloc(w * h * 4);
  for (let x = 40; x < 560; x++) {
    const y = Math.round(100 + 60 * Math.sin(x / 40));
    for (let dy = -2; dy <= 2; dy++) raw.writeUInt32BE(0x000000ff, ((y + dy) * w + x) * 4);
  }
  return (
    await sharp(raw, { raw: { width: w, height: h, channels: 4 } })
      .png()
      .toBuffer()
  ).toString('base64');
}

const stroke = (n: number, y = 50) => ({
  penColor: 'black',
  minWidth: 0.5,
  maxWidth: 2.5,
  dotSize: 0,
  velocityFilterWeight: 0.7,
  compositeOperation: 'source-over',
  points: Array.from({ length: n }, (_, i) => ({
    x: 10 + i * 0.1,
    y,
    pressure: 0.5,
    time: 1_700_000_000_000 + i,
  })),
});

/** A PNG header declaring `w` × `h`, with junk after it: refused by its size, never decoded. */
function pngHeader(w: number, h: number): string {
  const b = Buffer.alloc(64, 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(w, 16);
  b.writeUInt32BE(h, 20);
  return b.toString('base64');
}

describe('signed course terms (issue 16)', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let orders: TestBus;
  let auth: TestBus;
  let course: CourseStaff;
  let png: string;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startLearning(env, issuer);
    orders = await TestBus.open(env, 'orders');
    auth = await TestBus.open(env, 'auth');
    const staff = await issuer.staff();
    course = (
      await app.inject({
        method: 'POST',
        url: '/admin/courses',
        headers: bearer(staff),
        payload: { title: 'เทรดทองคำขั้นพื้นฐาน', code: `T${uuidv7().slice(-6)}` },
      })
    ).json<CourseStaff>();
    png = await padPng();
  });

  afterAll(async () => {
    await app?.close();
    await orders?.close();
    await auth?.close();
    await env?.cleanup();
  });

  /** A registered member (first and last name known to learning) enrolled in the course. */
  async function enrolledMember(firstName = 'สมศรี', lastName = 'ใจดีมาก') {
    const userId = uuidv7();
    await auth.deliver(
      buildEvent(
        UserRegistered,
        {
          userId,
          email: `${userId}@example.com`,
          firstName,
          lastName,
          nickname: 'ศรี',
          phone: '0812345678',
          status: 'New',
          memberCode: 'M0001',
          registeredAt: new Date().toISOString(),
        },
        { source: 'auth' },
      ),
      'learning',
    );
    await orders.deliver(orderPaid(userId, [course.id]), 'learning');
    return { userId, token: await issuer.member(userId, { status: 'Premium' }) };
  }

  const terms = (token: string, q = '') =>
    app.inject({ method: 'GET', url: `/member/terms${q}`, headers: bearer(token) });
  const accept = (token: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/member/terms', headers: { ...bearer(token), ...headers }, payload });
  const current = async (token: string) => {
    const res = await terms(token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TermsView>();
  };
  /** The PDF a signed URL names, read as the browser would (the gateway's /api/learning prefix off). */
  const download = (url: string) => app.inject({ method: 'GET', url: url.replace(/^\/api\/learning/, '') });

  it("shows the text with the course title and the member's first and last name, unsigned", async () => {
    const m = await enrolledMember();
    const t = await current(m.token);
    expect(t).toMatchObject({
      courseId: course.id,
      courseTitle: course.title,
      signature: 'N',
      signedAt: null,
    });
    expect(t.pdfUrl).toBeNull();
    expect(t.textHash).toMatch(/^[0-9a-f]{64}$/);
    expect(t.th.intro).toContain('สมศรี ใจดีมาก');
    expect(t.th.intro).toContain('เทรดทองคำขั้นพื้นฐาน');
    expect(t.en.intro).toContain('สมศรี ใจดีมาก');
    // spec 02 §9: the refund share, the windows, and the learner change
    expect(t.th.clauses.join(' ')).toMatch(/ร้อยละ 90.*14 วัน/);
    expect(t.en.clauses.join(' ')).toContain('90 percent');
    // another member's text carries their own name, so another hash
    const other = await current((await enrolledMember('ประยุทธ', 'มั่นคง')).token);
    expect(other.textHash).not.toBe(t.textHash);
  });

  it('refuses a hash that is not the current text and changes nothing', async () => {
    const m = await enrolledMember();
    const res = await accept(m.token, { textHash: 'a'.repeat(64), strokes: [stroke(20)], png });
    expect(res.statusCode).toBe(409);
    expect(res.json<Problem>().code).toBe('learning.terms_changed');
    expect((await current(m.token)).signature).toBe('N');
  });

  it('refuses oversized strokes before anything else, and a PNG too big by its header before decoding', async () => {
    const m = await enrolledMember();
    const { textHash } = await current(m.token);
    // too many strokes: the schema
    let res = await accept(m.token, { textHash, strokes: Array.from({ length: 101 }, () => stroke(1)), png });
    expect(res.statusCode).toBe(400);
    // too many points over all strokes: refused before the (bad) PNG is looked at
    res = await accept(m.token, {
      textHash,
      strokes: [stroke(2000), stroke(2000), stroke(1001)],
      png: Buffer.from('<html>').toString('base64'),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json<Problem>().code).toBe('learning.terms_strokes_too_large');
    // a header declaring 100 000 × 100 000: refused by its size (decoding it would answer 422)
    res = await accept(m.token, { textHash, strokes: [stroke(10)], png: pngHeader(100_000, 100_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json<Problem>().code).toBe('learning.terms_signature_too_large');
    // more bytes than the limit: the schema bounds the base64
    res = await accept(m.token, {
      textHash,
      strokes: [stroke(10)],
      png: Buffer.alloc(320 * 1024, 1).toString('base64'),
    });
    expect(res.statusCode).toBe(400);
    // a PNG header over junk passes the size check but not the decoder
    res = await accept(m.token, { textHash, strokes: [stroke(10)], png: pngHeader(300, 100) });
    expect(res.statusCode).toBe(422);
    expect(res.json<Problem>().code).toBe('learning.terms_signature_unreadable');
    expect((await current(m.token)).signature).toBe('N');
  });

  it('judges the image by its content: a JPEG or HTML named as a PNG is refused', async () => {
    const m = await enrolledMember();
    const { textHash } = await current(m.token);
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    for (const body of [
      `data:image/png;base64,${jpeg.toString('base64')}`,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'),
      'not base64 at all!',
    ]) {
      const res = await accept(m.token, { textHash, strokes: [stroke(10)], png: body });
      expect(res.statusCode, body.slice(0, 30)).toBe(415);
      expect(res.json<Problem>().code).toBe('learning.terms_signature_not_png');
    }
  });

  it('accepts once: flag Y, date, the PDF with the course title and name; twice is 409', async () => {
    const m = await enrolledMember();
    const before = await current(m.token);
    const res = await accept(
      m.token,
      {
        textHash: before.textHash,
        strokes: [stroke(30), stroke(40, 80)],
        png: `data:image/png;base64,${png}`,
      },
      { 'user-agent': 'TermsTest/1.0' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const signed = res.json<TermsView>();
    expect(signed).toMatchObject({ signature: 'Y', textHash: before.textHash, version: before.version });
    expect(Date.parse(signed.signedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(signed.pdfUrl).toMatch(/^\/api\/learning\/signed\/\d+\/[\w-]+\/terms\/[0-9a-f-]+\/terms-.+\.pdf$/);

    const pdf = await download(signed.pdfUrl!);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toContain('private');
    const text = squash(await pdfText(pdf.rawPayload));
    expect(text).toContain(squash('เทรดทองคำขั้นพื้นฐาน'));
    expect(text).toContain(squash('สมศรี ใจดีมาก'));
    expect(text).toContain(squash(before.th.clauses[2]!));
    expect(text).toContain(before.textHash);

    // the enrolment's flag (UpdateSignature) is what the member sees afterwards
    expect(await current(m.token)).toMatchObject({ signature: 'Y', signedAt: signed.signedAt });
    const again = await accept(m.token, { textHash: before.textHash, strokes: [stroke(5)], png });
    expect(again.statusCode).toBe(409);
    expect(again.json<Problem>().code).toBe('learning.terms_signed');
  });

  it('two acceptances at once: one signs, the other is 409', async () => {
    const m = await enrolledMember();
    const { textHash } = await current(m.token);
    const codes = (
      await Promise.all([1, 2].map(() => accept(m.token, { textHash, strokes: [stroke(10)], png })))
    ).map((r) => r.statusCode);
    expect(codes.sort()).toEqual([200, 409]);
  });

  it("a member never reads another's terms or PDF; a changed or expired link is refused; staff read any", async () => {
    const owner = await enrolledMember();
    const { textHash } = await current(owner.token);
    const signed = (await accept(owner.token, { textHash, strokes: [stroke(10)], png })).json<TermsView>();

    // a member not enrolled in the course: 404, as if it did not exist (no URL to be had)
    const stranger = { token: await issuer.member(uuidv7()) };
    let res = await terms(stranger.token, `?courseId=${course.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json<Problem>().code).toBe('learning.enrolment_not_found');
    // another member of the same course gets their own enrolment's terms, unsigned
    const other = await enrolledMember('อื่น', 'คนละคน');
    expect((await current(other.token)).enrolmentId).not.toBe(signed.enrolmentId);
    expect((await current(other.token)).pdfUrl).toBeNull();

    // the signature covers the enrolment: another enrolment's id under it is 403, another file 404
    const otherEnrolment = (await current(other.token)).enrolmentId;
    res = await download(signed.pdfUrl!.replace(signed.enrolmentId, otherEnrolment));
    expect(res.statusCode).toBe(403);
    res = await download(signed.pdfUrl!.replace(/terms-[^/]+\.pdf$/, 'signature-x.png'));
    expect(res.statusCode).toBe(404);
    res = await download(signed.pdfUrl!.replace(/\/signed\/\d+\//, '/signed/1000000000/'));
    expect(res.statusCode).toBe(403);

    // staff: any member's enrolment, with how it was signed and a working link
    const staff = await issuer.staff('staff');
    res = await app.inject({
      method: 'GET',
      url: `/admin/enrolments/${signed.enrolmentId}/terms`,
      headers: bearer(staff),
    });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json<TermsStaffView>();
    expect(view).toMatchObject({ userId: owner.userId, signature: 'Y', textHash, ip: '127.0.0.1' });
    expect((await download(view.pdfUrl!)).statusCode).toBe(200);
    // an unsigned enrolment: flag N, no link
    res = await app.inject({
      method: 'GET',
      url: `/admin/enrolments/${otherEnrolment}/terms`,
      headers: bearer(staff),
    });
    expect(res.json<TermsStaffView>()).toMatchObject({ signature: 'N', pdfUrl: null });
    // members may not use the staff route
    res = await app.inject({
      method: 'GET',
      url: `/admin/enrolments/${signed.enrolmentId}/terms`,
      headers: bearer(owner.token),
    });
    expect(res.statusCode).toBe(403);
  });
});
