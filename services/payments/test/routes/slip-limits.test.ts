import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import type { EventData } from '@rian/proto-contracts/envelope';
import type { OrderCreated } from '@rian/proto-contracts/orders';
import { bearer, orderCreated, removeDir, slipForm, slipImage, startPayments, tempDir } from '../helpers.js';

/** A png that is all header: IHDR says `width` × `height`, then bytes no decoder can use. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'ascii');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.set([8, 2, 0, 0, 0], 16);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    ihdr,
    Buffer.alloc(2_000, 0x5a),
  ]);
}

/**
 * Issue 11 §6: slip uploads must not exhaust payments. The cheap checks (state, the size the header
 * declares) come before any decode; decodes run a few at a time; one member's uploads are limited.
 * Unreadable pictures show the order: a check that answers for one proves no decode ran (a decode
 * would have answered 422).
 */
describe('slip uploads: cheap checks first, bounded decodes, a per-member allowance', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let bus: TestBus;
  let dir: string;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    dir = await tempDir();
    app = await startPayments(env, issuer, {
      env: {
        PAYMENTS_SLIP_DIR: dir,
        PAYMENTS_SLIP_DECODES: '2',
        PAYMENTS_SLIP_DECODE_QUEUE: '64',
        PAYMENTS_SLIP_DECODE_WAIT_MS: '60000',
        PAYMENTS_SLIP_UPLOADS_PER_WINDOW: '10',
      },
    });
    bus = await TestBus.open(env, 'orders');
  });

  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await env?.cleanup();
    await removeDir(dir);
  });

  async function order(userId = uuidv7(), extra: Partial<EventData<typeof OrderCreated>> = {}) {
    const ev = orderCreated(userId, extra);
    await bus.deliver(ev, 'payments');
    return { userId, orderId: ev.data.orderId, token: await issuer.member(userId) };
  }
  const upload = async (orderId: string, token: string, file: Buffer) => {
    const form = await slipForm(file, { paymentDate: '2026-04-15', paymentTime: '14:05' }, 'slip.png');
    return app.inject({
      method: 'POST',
      url: `/payments/${orderId}/slip`,
      headers: { ...form.headers, ...bearer(token) },
      payload: form.payload,
    });
  };

  it('a png whose header says 7000 × 7000 (49 M pixels > the 30 M allowed) → 413 from the header, no decode', async () => {
    const o = await order();
    const started = app.payments.decodes.started;
    const res = await upload(o.orderId, o.token, pngHeaderOnly(7_000, 7_000));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'media.image_too_many_pixels' });
    // 30000 × 30000 would take 3.6 GB to decode: refused as fast as any other bad input
    const t0 = Date.now();
    const huge = await upload(o.orderId, o.token, pngHeaderOnly(30_000, 30_000));
    expect(huge.statusCode).toBe(413);
    expect(Date.now() - t0).toBeLessThan(1_000);
    expect(app.payments.decodes.started).toBe(started);
    expect((await upload(o.orderId, o.token, await slipImage('png'))).statusCode).toBe(201);
  });

  it('a slip while one already waits → 409 before any decode (an unreadable picture answers 409, not 422)', async () => {
    const o = await order();
    expect((await upload(o.orderId, o.token, await slipImage('png'))).statusCode).toBe(201);
    const started = app.payments.decodes.started;
    const res = await upload(o.orderId, o.token, pngHeaderOnly(1_000, 1_000));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'payments.slip_waiting', detail: 'มีสลิปรอการตรวจสอบอยู่แล้ว' });
    expect(app.payments.decodes.started).toBe(started);
  });

  it('64 uploads at once by one member: 10 admitted, the rest 429 with Thai text; at most 2 decodes at a time', async () => {
    const userId = uuidv7();
    const orders: Awaited<ReturnType<typeof order>>[] = [];
    for (let i = 0; i < 4; i++) orders.push(await order(userId));
    const token = orders[0]!.token;
    // 2500 × 2500 (6.25 M pixels): each decode holds ~25 MB
    const big = await sharp({
      create: { width: 2_500, height: 2_500, channels: 3, background: { r: 240, g: 240, b: 235 } },
    })
      .png()
      .toBuffer();
    const started = app.payments.decodes.started;
    const answers = await Promise.all(
      Array.from({ length: 64 }, (_, i) => upload(orders[i % orders.length]!.orderId, token, big)),
    );
    const statuses = answers.map((r) => r.statusCode);
    const count = (s: number) => statuses.filter((x) => x === s).length;
    expect(count(429)).toBe(54);
    const limited = answers.find((r) => r.statusCode === 429)!;
    expect(limited.headers['content-type']).toContain('application/problem+json');
    expect(limited.json()).toMatchObject({
      code: 'payments.slip_rate_limited',
      detail: 'ส่งสลิปบ่อยเกินไป กรุณาลองใหม่ภายหลัง',
    });
    // each order takes one slip; the admitted rest find a slip waiting
    expect(count(201)).toBe(4);
    expect(count(201) + count(409)).toBe(10);
    expect(app.payments.decodes.peak).toBeLessThanOrEqual(2);
    expect(app.payments.decodes.started - started).toBeLessThanOrEqual(10);

    // another member is served meanwhile and after
    const other = await order();
    expect((await upload(other.orderId, other.token, await slipImage('png'))).statusCode).toBe(201);
  });
});
