import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, publishedEvents, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import type { EventData } from '@rian/proto-contracts/envelope';
import type { OrderCreated } from '@rian/proto-contracts/orders';
import {
  PaymentApproved,
  PaymentRejected,
  SlipSubmitted,
  type AdminSlipRow,
  type OrderPaymentsView,
} from '@rian/proto-contracts/payments';
import {
  bearer,
  orderCreated,
  removeDir,
  slipForm,
  slipImage,
  startPayments,
  tempDir,
  TestClock,
} from '../helpers.js';

/**
 * The buyer's slip upload and the staff review, against real PostgreSQL and NATS: orders' events
 * are published into the ORDERS stream, payments' own events are read back from PAYMENTS.
 */
describe('slips: upload, signed images, staff review', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let bus: TestBus;
  let dir: string;
  const clock = new TestClock(new Date('2026-04-15T03:00:00.000Z'));

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    dir = await tempDir();
    app = await startPayments(env, issuer, {
      clock,
      env: { PAYMENTS_SLIP_DIR: dir, PAYMENTS_SLIP_MAX_BYTES: '200000' },
    });
    bus = await TestBus.open(env, 'orders');
  });

  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await env?.cleanup();
    await removeDir(dir);
  });

  /** An order of a new member, its attempts open in payments. */
  async function order(extra: Partial<EventData<typeof OrderCreated>> = {}) {
    const userId = uuidv7();
    const ev = orderCreated(userId, extra);
    await bus.deliver(ev, 'payments');
    return { userId, orderId: ev.data.orderId, token: await issuer.member(userId), event: ev };
  }

  async function upload(
    orderId: string,
    token: string | undefined,
    form: Awaited<ReturnType<typeof slipForm>>,
  ) {
    return app.inject({
      method: 'POST',
      url: `/payments/${orderId}/slip`,
      headers: { ...form.headers, ...(token ? bearer(token) : {}) },
      payload: form.payload,
    });
  }

  const events = async <T>(type: string) => publishedEvents<T>(env.namespace, 'payments', type);

  describe('upload', () => {
    it('a jpeg slip with date and time: 201, the attempt waits for confirmation, one slip.submitted', async () => {
      const o = await order({ net: 99_900 });
      const res = await upload(o.orderId, o.token, await slipForm(await slipImage('jpeg')));
      expect(res.statusCode).toBe(201);
      const view = res.json<OrderPaymentsView>();
      expect(view.attempts[0]).toMatchObject({ status: 'wait', amount: 99_900 });
      expect(view.attempts[0]!.slips).toEqual([
        expect.objectContaining({
          status: 'wait',
          paymentDate: '2026-04-15',
          paymentTime: '14:05',
          amount: 99_900,
        }),
      ]);
      const submitted = await eventually(async () => {
        const all = await events<EventData<typeof SlipSubmitted>>(SlipSubmitted.type);
        const mine = all.filter((e) => e.data.orderId === o.orderId);
        return mine.length ? mine : undefined;
      });
      expect(submitted).toHaveLength(1);
      expect(submitted[0]!.data).toMatchObject({
        userId: o.userId,
        amount: 99_900,
        period: null,
        paymentTime: '14:05',
      });
    });

    it('stores the image privately, re-encoded without its metadata', async () => {
      const o = await order();
      const original = await slipImage('png');
      expect((await sharp(original).metadata()).exif).toBeDefined();
      const res = await upload(o.orderId, o.token, await slipForm(original, undefined, 'slip.png'));
      expect(res.statusCode).toBe(201);
      const slipId = res.json<OrderPaymentsView>().attempts[0]!.slips[0]!.id;
      const file = join(dir, `${slipId}.png`);
      expect(((await stat(file)).mode & 0o077).toString(8)).toBe('0'); // owner only
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe('png');
      expect(meta.exif).toBeUndefined();
    });

    it('a text file named .png is refused by its content (415); nothing is stored', async () => {
      const o = await order();
      const before = await readdir(dir);
      const res = await upload(
        o.orderId,
        o.token,
        await slipForm(Buffer.from('this is not an image'), undefined, 'slip.png'),
      );
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({
        code: 'payments.slip_type',
        detail: 'สลิปต้องเป็นรูปภาพ png, gif หรือ jpeg',
      });
      expect(await readdir(dir)).toEqual(before);
    });

    it('webp is a real image but not a slip format (png, gif, jpeg only)', async () => {
      const o = await order();
      const res = await upload(
        o.orderId,
        o.token,
        await slipForm(await slipImage('webp'), undefined, 'slip.webp'),
      );
      expect(res.statusCode).toBe(415);
    });

    it('a truncated png (right magic bytes, broken body) → 422', async () => {
      const o = await order();
      const png = await slipImage('png');
      const res = await upload(
        o.orderId,
        o.token,
        await slipForm(png.subarray(0, 40), undefined, 'slip.png'),
      );
      expect(res.statusCode).toBe(422);
    });

    it('payment date and time are required ("กรุณากรอกข้อมูล"), each named, and the slip too', async () => {
      const o = await order();
      const res = await upload(
        o.orderId,
        o.token,
        await slipForm(undefined, { paymentDate: '', paymentTime: undefined }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { field: 'slip', code: 'payments.slip_required', message: 'กรุณาเลือกสลิปการโอนเงิน' },
        { field: 'paymentDate', code: 'validation.required', message: 'กรุณากรอกข้อมูล' },
        { field: 'paymentTime', code: 'validation.required', message: 'กรุณากรอกข้อมูล' },
      ]);
      const bad = await upload(
        o.orderId,
        o.token,
        await slipForm(await slipImage(), { paymentDate: '2026-02-30', paymentTime: '2:05 PM' }),
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.map((e: { field: string; code: string }) => `${e.field}:${e.code}`)).toEqual([
        'paymentDate:validation.format',
        'paymentTime:validation.format',
      ]);
      const view = await app.inject({
        method: 'GET',
        url: `/payments/${o.orderId}`,
        headers: bearer(o.token),
      });
      expect(view.json().attempts[0].status).toBe('create');
    });

    it('too large a file → 413', async () => {
      const o = await order();
      const big = Buffer.concat([await slipImage('jpeg'), Buffer.alloc(250_000)]);
      const res = await upload(o.orderId, o.token, await slipForm(big));
      expect(res.statusCode).toBe(413);
    });

    it('a second slip while one waits → 409; a card order takes no slip → 409', async () => {
      const o = await order();
      expect((await upload(o.orderId, o.token, await slipForm(await slipImage()))).statusCode).toBe(201);
      const again = await upload(o.orderId, o.token, await slipForm(await slipImage()));
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('payments.slip_waiting');
      const card = await order({ paymentType: 1 });
      expect((await upload(card.orderId, card.token, await slipForm(await slipImage()))).json().code).toBe(
        'payments.slip_not_allowed',
      );
    });
  });

  describe('who may do what', () => {
    it('another member: 404 on the order and on its upload; anonymous: 401; staff may read', async () => {
      const o = await order();
      const other = await issuer.member();
      expect(
        (await app.inject({ method: 'GET', url: `/payments/${o.orderId}`, headers: bearer(other) }))
          .statusCode,
      ).toBe(404);
      expect((await upload(o.orderId, other, await slipForm(await slipImage()))).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: `/payments/${o.orderId}` })).statusCode).toBe(401);
      expect((await upload(o.orderId, undefined, await slipForm(await slipImage()))).statusCode).toBe(401);
      const staff = await issuer.staff('staff');
      expect(
        (await app.inject({ method: 'GET', url: `/payments/${o.orderId}`, headers: bearer(staff) }))
          .statusCode,
      ).toBe(200);
      // staff do not upload for a buyer
      expect((await upload(o.orderId, staff, await slipForm(await slipImage()))).statusCode).toBe(403);
      expect(
        (await app.inject({ method: 'GET', url: `/payments/${uuidv7()}`, headers: bearer(o.token) }))
          .statusCode,
      ).toBe(404);
    });

    it('a member on the staff routes: 403; anonymous: 401', async () => {
      const member = await issuer.member();
      for (const [method, url] of [
        ['GET', '/admin/slips'],
        ['GET', '/admin/slips/count'],
        ['POST', `/admin/slips/${uuidv7()}/approve`],
        ['POST', `/admin/slips/${uuidv7()}/reject`],
      ] as const) {
        const payload = method === 'POST' ? { note: 'x' } : undefined;
        expect((await app.inject({ method, url, headers: bearer(member), payload })).statusCode, url).toBe(
          403,
        );
        expect((await app.inject({ method, url, payload })).statusCode, url).toBe(401);
      }
    });
  });

  describe('signed slip images', () => {
    it('the view hands a URL that serves the image for 300 s; expired, forged or for another slip → 403', async () => {
      const o = await order();
      const res = await upload(
        o.orderId,
        o.token,
        await slipForm(await slipImage('gif'), undefined, 'slip.gif'),
      );
      const slip = res.json<OrderPaymentsView>().attempts[0]!.slips[0]!;
      expect(slip.url).toMatch(new RegExp(`^/api/payments/payments/slips/${slip.id}\\?exp=\\d+&sig=`));
      expect(slip.urlExpiresAt).toBe('2026-04-15T03:05:00.000Z');
      const path = slip.url.replace('/api/payments', '');

      const ok = await app.inject({ method: 'GET', url: path });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toBe('image/gif');
      expect(ok.headers['cache-control']).toBe('private, no-store');
      expect((await sharp(ok.rawPayload).metadata()).format).toBe('gif');

      const u = new URL(path, 'http://x');
      const sig = u.searchParams.get('sig')!;
      const exp = Number(u.searchParams.get('exp'));
      const forged = `/payments/slips/${slip.id}?exp=${exp + 86_400}&sig=${sig}`;
      expect((await app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
      const otherSlip = `/payments/slips/${uuidv7()}?exp=${exp}&sig=${sig}`;
      expect((await app.inject({ method: 'GET', url: otherSlip })).statusCode).toBe(403);
      expect((await app.inject({ method: 'GET', url: `/payments/slips/${slip.id}` })).statusCode).toBe(400);

      const at = clock.at;
      clock.at = new Date(at.getTime() + 301_000);
      try {
        const expired = await app.inject({ method: 'GET', url: path });
        expect(expired.statusCode).toBe(403);
        expect(expired.json().code).toBe('payments.link_invalid');
      } finally {
        clock.at = at;
      }
    });
  });

  describe('staff review', () => {
    const staffToken = () => issuer.staff('staff');
    const approve = async (id: string) =>
      app.inject({ method: 'POST', url: `/admin/slips/${id}/approve`, headers: bearer(await staffToken()) });
    const reject = async (id: string, note?: string) =>
      app.inject({
        method: 'POST',
        url: `/admin/slips/${id}/reject`,
        headers: bearer(await staffToken()),
        payload: note === undefined ? {} : { note },
      });

    async function waitingSlip(extra: Partial<EventData<typeof OrderCreated>> = {}) {
      const o = await order(extra);
      const res = await upload(o.orderId, o.token, await slipForm(await slipImage()));
      expect(res.statusCode).toBe(201);
      return { ...o, slipId: res.json<OrderPaymentsView>().attempts[0]!.slips[0]!.id };
    }

    it('lists waiting slips with order, buyer, amounts and a signed URL; counts them', async () => {
      const s = await waitingSlip({ net: 77_700, userEmail: 'somchai@example.com' });
      const before = await waitingSlip({ net: 1_000 }); // an order event from before the e-mail was sent
      const list = await app.inject({
        method: 'GET',
        url: '/admin/slips?status=wait&pageSize=100',
        headers: bearer(await staffToken()),
      });
      expect(list.statusCode).toBe(200);
      const row = list.json<{ items: AdminSlipRow[] }>().items.find((r) => r.id === s.slipId);
      expect(row).toMatchObject({
        orderId: s.orderId,
        reference: s.event.data.reference,
        userId: s.userId,
        userEmail: 'somchai@example.com',
        net: 77_700,
        amount: 77_700,
        status: 'wait',
        paymentType: 4,
      });
      expect(
        list.json<{ items: AdminSlipRow[] }>().items.find((r) => r.id === before.slipId)?.userEmail,
      ).toBeNull();
      expect(row!.url).toContain(`/payments/slips/${s.slipId}?exp=`);
      const count = await app.inject({
        method: 'GET',
        url: '/admin/slips/count',
        headers: bearer(await staffToken()),
      });
      expect(count.json().wait).toBe(list.json().total);
      await approve(s.slipId);
      const after = await app.inject({
        method: 'GET',
        url: '/admin/slips/count',
        headers: bearer(await staffToken()),
      });
      expect(after.json().wait).toBe(count.json().wait - 1);
    });

    it('"checked by" names the staff member from their token at review time (approve and reject); a token without a name leaves null (the id is the fallback)', async () => {
      const staffId = uuidv7();
      const named = await issuer.sign({ sub: staffId, kind: 'staff', role: 'staff', name: 'สมหญิง ตรวจดี' });
      const byNamed = (id: string, action: 'approve' | 'reject') =>
        app.inject({
          method: 'POST',
          url: `/admin/slips/${id}/${action}`,
          headers: bearer(named),
          payload: action === 'reject' ? { note: 'ยอดไม่ตรง' } : {},
        });
      const a = await waitingSlip();
      const approved = await byNamed(a.slipId, 'approve');
      expect(approved.json()).toMatchObject({ reviewedBy: staffId, reviewedByName: 'สมหญิง ตรวจดี' });
      const r = await waitingSlip();
      expect((await byNamed(r.slipId, 'reject')).json()).toMatchObject({
        status: 'rejected',
        reviewedBy: staffId,
        reviewedByName: 'สมหญิง ตรวจดี',
      });
      // the list shows it too, and keeps the name when the staff member's token later says otherwise
      const list = await app.inject({
        method: 'GET',
        url: '/admin/slips?pageSize=100',
        headers: bearer(await staffToken()),
      });
      const rows = list.json<{ items: AdminSlipRow[] }>().items;
      expect(rows.find((x) => x.id === a.slipId)).toMatchObject({ reviewedByName: 'สมหญิง ตรวจดี' });
      const anonymous = await waitingSlip();
      expect((await approve(anonymous.slipId)).json()).toMatchObject({
        reviewedBy: expect.any(String),
        reviewedByName: null,
      });
    });

    it('approve: the attempt is paid (finish); approving twice answers the same and publishes one event', async () => {
      const s = await waitingSlip({ net: 55_500 });
      const first = await approve(s.slipId);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ status: 'approved', reviewedBy: expect.any(String) });
      expect((await approve(s.slipId)).statusCode).toBe(200);
      const view = await app.inject({
        method: 'GET',
        url: `/payments/${s.orderId}`,
        headers: bearer(s.token),
      });
      expect(view.json().attempts[0]).toMatchObject({ status: 'finish', paidAt: '2026-04-15T03:00:00.000Z' });
      const approved = await eventually(async () => {
        const mine = (await events<EventData<typeof PaymentApproved>>(PaymentApproved.type)).filter(
          (e) => e.data.slipId === s.slipId,
        );
        return mine.length ? mine : undefined;
      });
      await new Promise((r) => setTimeout(r, 700)); // a second event would have been relayed by now
      expect(
        (await events<EventData<typeof PaymentApproved>>(PaymentApproved.type)).filter(
          (e) => e.data.slipId === s.slipId,
        ),
      ).toHaveLength(1);
      expect(approved[0]!.data).toMatchObject({
        orderId: s.orderId,
        amount: 55_500,
        period: null,
        method: 'slip',
      });
      // a paid order takes no further slip
      expect((await upload(s.orderId, s.token, await slipForm(await slipImage()))).json().code).toBe(
        'payments.nothing_due',
      );
    });

    it('reject needs a note; then the buyer may send another slip; approving a rejected slip → 409', async () => {
      const s = await waitingSlip({ userEmail: 'buyer-rejected@example.com' });
      const noNote = await reject(s.slipId);
      expect(noNote.statusCode).toBe(400);
      expect(noNote.json().errors[0]).toMatchObject({ field: 'note', message: 'กรุณากรอกข้อมูล' });
      expect((await reject(s.slipId, '   ')).statusCode).toBe(400);

      const res = await reject(s.slipId, 'ยอดเงินไม่ตรง');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'rejected', note: 'ยอดเงินไม่ตรง' });
      expect((await approve(s.slipId)).json().code).toBe('payments.slip_reviewed');
      const rejected = await eventually(async () =>
        (await events<EventData<typeof PaymentRejected>>(PaymentRejected.type)).find(
          (e) => e.data.slipId === s.slipId,
        ),
      );
      expect(rejected.data.note).toBe('ยอดเงินไม่ตรง');
      // notifications e-mails the buyer at the order's address
      expect(rejected.data.userEmail).toBe('buyer-rejected@example.com');

      const view = await app.inject({
        method: 'GET',
        url: `/payments/${s.orderId}`,
        headers: bearer(s.token),
      });
      expect(view.json().attempts[0].status).toBe('create');
      expect((await upload(s.orderId, s.token, await slipForm(await slipImage()))).statusCode).toBe(201);
      expect((await approve(uuidv7())).statusCode).toBe(404);
    });

    it('instalments: a slip pays the lowest period not yet paid', async () => {
      const o = await order({
        paymentType: 8,
        net: 90_000,
        schedule: [
          { period: 1, dueDate: '2026-04-15', amount: 30_000 },
          { period: 2, dueDate: '2026-05-15', amount: 30_000 },
          { period: 3, dueDate: '2026-06-15', amount: 30_000 },
        ],
      });
      const first = await upload(o.orderId, o.token, await slipForm(await slipImage()));
      const slip1 = first.json<OrderPaymentsView>().attempts[0]!.slips[0]!;
      expect(slip1.amount).toBe(30_000);
      expect((await approve(slip1.id)).json()).toMatchObject({ period: 1, status: 'approved' });
      const second = await upload(o.orderId, o.token, await slipForm(await slipImage()));
      const attempts = second.json<OrderPaymentsView>().attempts;
      expect(attempts.map((a) => [a.period, a.status])).toEqual([
        [1, 'finish'],
        [2, 'wait'],
        [3, 'create'],
      ]);
    });

    it('a slip waiting when its order is cancelled cannot be approved any more', async () => {
      const s = await waitingSlip();
      await app.kit.orm.em
        .fork()
        .execute(`update payment_attempts set status = 'not' where order_id = ?`, [s.orderId]);
      expect((await approve(s.slipId)).json().code).toBe('payments.nothing_due');
    });
  });
});
