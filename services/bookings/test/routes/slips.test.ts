import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import {
  addProduct,
  bearer,
  bookingBody,
  multipartBody,
  startBookings,
  tempDir,
  TestClock,
  TINY_PNG,
} from '../helpers.js';

/** The booking form's transfer slips: key first, checked by content, kept private, read at signed links. */
describe('booking slips', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let issuer: TestTokenIssuer;
  let staff: string;
  let dir: string;
  const clock = new TestClock(new Date('2026-11-20T03:00:00.000Z'));
  let keyCode: string;
  let otherKeyCode: string;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    dir = await tempDir();
    app = await startBookings(env, issuer, {
      clock,
      env: {
        BOOKINGS_SLIP_DIR: dir,
        BOOKINGS_SLIP_MAX_BYTES: '20000',
        BOOKINGS_REQUESTS_PER_WINDOW: '100000',
      },
    });
    staff = await issuer.staff('staff');
    const productId = await addProduct(app);
    const mk = async () =>
      (
        await app.inject({
          method: 'POST',
          url: '/admin/booking-keys',
          headers: bearer(staff),
          payload: { productId },
        })
      ).json().code as string;
    keyCode = await mk();
    otherKeyCode = await mk();
  });
  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
  });

  const upload = (parts: Parameters<typeof multipartBody>[0]) =>
    app.inject({ method: 'POST', url: '/bookings/slips', ...multipartBody(parts) });
  const slip = (file: Buffer, type = 'image/png', filename = 'slip.png') => ({
    name: 'slip',
    file,
    filename,
    type,
  });
  const slipFields = (id: string) => ({
    id,
    amount: 150_000,
    paymentDate: '2026-11-19',
    paymentTime: '14:05',
  });
  const sql = (q: string, params: unknown[] = []) =>
    app.kit.orm.em.fork().getConnection().execute(q, params) as Promise<Record<string, unknown>[]>;

  it('takes a png with its key, and a booking claims it; staff read it at a signed link that expires', async () => {
    const res = await upload([{ name: 'key', value: keyCode.toLowerCase() }, slip(TINY_PNG)]);
    expect(res.statusCode, res.body).toBe(200);
    const { id, filename } = res.json() as { id: string; filename: string };
    expect(filename).toBe(`${id}.png`);
    const made = await app.inject({
      method: 'POST',
      url: '/bookings',
      payload: bookingBody(keyCode, `slip-${uuidv7()}@example.com`, { slip: slipFields(id) }),
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().hasSlip).toBe(true);
    const bookingId = made.json().id as string;
    const row = await app.inject({ url: `/admin/bookings/${bookingId}`, headers: bearer(staff) });
    expect(row.json()).toMatchObject({
      hasSlip: true,
      amount: 150_000,
      paymentDate: '2026-11-19',
      paymentTime: '14:05',
    });

    const link = await app.inject({ url: `/admin/bookings/${bookingId}/slip`, headers: bearer(staff) });
    const { url, urlExpiresAt } = link.json() as { url: string; urlExpiresAt: string };
    expect(urlExpiresAt).toBe('2026-11-20T03:05:00.000Z');
    const path = url.replace(/^\/api\/bookings/, '');
    const image = await app.inject({ url: path });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect((await sharp(image.rawPayload).metadata()).format).toBe('png');

    // tampered, and no signature at all
    const tampered = await app.inject({
      url: path.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`),
    });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json().code).toBe('bookings.link_invalid');
    expect((await app.inject({ url: `/bookings/slip-images/${id}` })).statusCode).toBe(400);
    // no public path: the file is not served from anywhere else
    expect((await app.inject({ url: `/${filename}` })).statusCode).toBe(404);
    // a member cannot ask for the link
    const member = await issuer.member();
    expect(
      (await app.inject({ url: `/admin/bookings/${bookingId}/slip`, headers: bearer(member) })).statusCode,
    ).toBe(403);
    expect((await app.inject({ url: `/admin/bookings/${bookingId}/slip` })).statusCode).toBe(401);
    // expired
    clock.at = new Date('2026-11-20T03:05:01.000Z');
    const expired = await app.inject({ url: path });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe('bookings.link_invalid');
    clock.at = new Date('2026-11-20T03:00:00.000Z');

    // claimed already: a second booking cannot take it
    const again = await app.inject({
      method: 'POST',
      url: '/bookings',
      payload: bookingBody(keyCode, `slip2-${uuidv7()}@example.com`, { slip: slipFields(id) }),
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('bookings.slip_not_found');
  });

  it("refuses another key's slip and an unknown one, booking nothing", async () => {
    const other = (await upload([{ name: 'key', value: otherKeyCode }, slip(TINY_PNG)])).json().id as string;
    for (const id of [other, uuidv7()]) {
      const email = `x-${uuidv7()}@example.com`;
      const res = await app.inject({
        method: 'POST',
        url: '/bookings',
        payload: bookingBody(keyCode, email, { slip: slipFields(id) }),
      });
      expect(res.json().code).toBe('bookings.slip_not_found');
      expect(await sql('select 1 from bookings where email = ?', [email])).toEqual([]);
    }
  });

  it('checks the key before the file: unknown key → 404 even for a file over the cap; the key must come first', async () => {
    const huge = Buffer.alloc(100_000, 1);
    const unknown = await upload([{ name: 'key', value: 'NOPE-NOPE' }, slip(huge)]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('bookings.key_unknown');
    const fileFirst = await upload([slip(TINY_PNG), { name: 'key', value: keyCode }]);
    expect(fileFirst.statusCode).toBe(400);
    expect(fileFirst.json().errors[0].field).toBe('key');
    const noFile = await upload([{ name: 'key', value: keyCode }]);
    expect(noFile.json().code).toBe('validation.failed');
    expect(noFile.json().errors[0]).toMatchObject({ field: 'slip', code: 'bookings.slip_required' });
  });

  it('refuses a file over the cap while it streams, a non-image by content, and a pixel bomb before any decode', async () => {
    const slips = app.bookingSlips;
    const started = slips.decodes.started;
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(30_000, 0)]);
    const tooBig = await upload([{ name: 'key', value: keyCode }, slip(big)]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe('bookings.slip_too_large');
    const html = await upload([
      { name: 'key', value: keyCode },
      slip(Buffer.from('<html><script>x</script></html>')),
    ]);
    expect(html.statusCode).toBe(415);
    expect(html.json().code).toBe('bookings.slip_type');
    // a PNG whose header says 60000 × 60000
    const bomb = Buffer.from(TINY_PNG);
    bomb.writeUInt32BE(60_000, 16);
    bomb.writeUInt32BE(60_000, 20);
    const refused = await upload([{ name: 'key', value: keyCode }, slip(bomb)]);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().code).toBe('media.image_too_many_pixels');
    expect(slips.decodes.started).toBe(started);
  });

  it('removes a slip nobody claimed within a day (swept on a later upload)', async () => {
    const stale = (await upload([{ name: 'key', value: keyCode }, slip(TINY_PNG)])).json() as {
      id: string;
      filename: string;
    };
    expect(existsSync(join(dir, stale.filename))).toBe(true);
    clock.at = new Date('2026-11-21T03:00:01.000Z');
    expect((await upload([{ name: 'key', value: keyCode }, slip(TINY_PNG)])).statusCode).toBe(200);
    expect(await sql('select 1 from booking_slips where slip_id = ?', [stale.id])).toEqual([]);
    expect(existsSync(join(dir, stale.filename))).toBe(false);
    // claimed slips stay
    expect(
      (await sql('select count(*)::int as n from booking_slips where booking_id is not null'))[0]?.n,
    ).toBe(1);
    clock.at = new Date('2026-11-20T03:00:00.000Z');
  });

  it("deleting a booking removes its slip's row and file", async () => {
    const up = (await upload([{ name: 'key', value: keyCode }, slip(TINY_PNG)])).json() as {
      id: string;
      filename: string;
    };
    const made = await app.inject({
      method: 'POST',
      url: '/bookings',
      payload: bookingBody(keyCode, `del-${uuidv7()}@example.com`, { slip: slipFields(up.id) }),
    });
    expect(made.statusCode, made.body).toBe(201);
    const del = await app.inject({
      method: 'DELETE',
      url: `/admin/bookings/${made.json().id}`,
      headers: bearer(staff),
    });
    expect(del.statusCode).toBe(204);
    expect(await sql('select 1 from booking_slips where slip_id = ?', [up.id])).toEqual([]);
    expect(existsSync(join(dir, up.filename))).toBe(false);
  });
});
