import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, publishedEvents, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { BOOKING_UPDATE_EXCLUDED } from '@rian/proto-contracts/bookings';
import { KEY_ALPHABET } from '../../src/domain/key-code.js';
import { addProduct, bearer, bookingBody, startBookings } from '../helpers.js';

/** Keys, the key check, booking and staff's side, against real Postgres, NATS and Redis. */
describe('bookings', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let issuer: TestTokenIssuer;
  let staff: string;
  let productId: string;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startBookings(env, issuer, { env: { BOOKINGS_REQUESTS_PER_WINDOW: '100000' } });
    staff = await issuer.staff('staff');
    productId = await addProduct(app);
  });
  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
  });

  const newKey = async (body: Record<string, unknown> = {}) => {
    const res = await app.inject({
      method: 'POST',
      url: '/admin/booking-keys',
      headers: bearer(staff),
      payload: { productId, ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; code: string; limit: number; active: string; bookings: number };
  };
  const book = (key: string, email: string, headers = {}, extra = {}) =>
    app.inject({ method: 'POST', url: '/bookings', headers, payload: bookingBody(key, email, extra) });
  const check = (key: string, email?: string, headers = {}) =>
    app.inject({
      method: 'POST',
      url: '/bookings/key-check',
      headers,
      payload: { key, ...(email ? { email } : {}) },
    });
  const sql = (q: string, params: unknown[] = []) =>
    app.kit.orm.em.fork().getConnection().execute(q, params) as Promise<Record<string, unknown>[]>;

  describe('booking keys (staff)', () => {
    it('makes a 10-character code from the unambiguous alphabet, with the default limit of 50', async () => {
      const key = await newKey();
      expect(key.code).toMatch(new RegExp(`^[${KEY_ALPHABET}]{10}$`));
      expect(key).toMatchObject({
        limit: 50,
        active: 'Y',
        bookings: 0,
        productTitle: 'Price Action Workshop',
      });
    });

    it('keeps a given code upper-case, refuses it twice (any case) and an unknown product', async () => {
      const code = `Camp-${Date.now()}`;
      expect((await newKey({ code, limit: 3 })).code).toBe(code.toUpperCase());
      const again = await app.inject({
        method: 'POST',
        url: '/admin/booking-keys',
        headers: bearer(staff),
        payload: { productId, code: code.toLowerCase() },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('bookings.key_exists');
      const unknown = await app.inject({
        method: 'POST',
        url: '/admin/booking-keys',
        headers: bearer(staff),
        payload: { productId: uuidv7() },
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().code).toBe('bookings.product_unknown');
    });

    it('lists by product and code, and patches limit and active', async () => {
      const key = await newKey({ code: `LIST-${Date.now()}` });
      const list = await app.inject({
        url: `/admin/booking-keys?productId=${productId}&q=${key.code.toLowerCase()}`,
        headers: bearer(staff),
      });
      expect(list.json().items.map((k: { id: string }) => k.id)).toEqual([key.id]);
      const patched = await app.inject({
        method: 'PATCH',
        url: `/admin/booking-keys/${key.id}`,
        headers: bearer(staff),
        payload: { limit: 7, active: 'N' },
      });
      expect(patched.json()).toMatchObject({ limit: 7, active: 'N' });
      // switched off: the form no longer knows it
      expect((await check(key.code)).json().code).toBe('bookings.key_unknown');
    });
  });

  describe('key check and booking', () => {
    it('answers success, then used (by e-mail, any case), then limit; an unknown key is a 404', async () => {
      const key = await newKey({ limit: 2 });
      const a = `a-${uuidv7()}@example.com`;
      expect((await check(key.code.toLowerCase(), a)).json()).toMatchObject({
        result: 'success',
        total: 0,
        limit: 2,
        product: { id: productId, title: 'Price Action Workshop' },
        prefill: null,
      });
      const made = await book(key.code, a);
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json()).toMatchObject({ status: 'new', confirm: 'N', quantity: 1, hasSlip: false });
      expect((await check(key.code, a.toUpperCase())).json()).toMatchObject({ result: 'used', total: 1 });
      expect((await book(key.code, a.toUpperCase())).json().code).toBe('bookings.key_used');
      expect((await book(key.code, `b-${uuidv7()}@example.com`)).statusCode).toBe(201);
      expect((await check(key.code, `c-${uuidv7()}@example.com`)).json()).toMatchObject({
        result: 'limit',
        total: 2,
      });
      const full = await book(key.code, `c-${uuidv7()}@example.com`);
      expect(full.statusCode).toBe(409);
      expect(full.json().code).toBe('bookings.key_limit');
      const unknown = await check('NOPE-NOPE-NOPE');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('bookings.key_unknown');
    });

    it('a member: used by their id whatever e-mail, prefill (phone opened) only when signed in', async () => {
      const member = uuidv7();
      const token = await issuer.member(member);
      const first = await newKey();
      expect(
        (await book(first.code, `m-${uuidv7()}@example.com`, bearer(token), { tel: '0899999999' }))
          .statusCode,
      ).toBe(201);
      const row = (await sql('select user_id from bookings where key_id = ?', [first.id]))[0];
      expect(row?.user_id).toBe(member);
      expect((await check(first.code, `other-${uuidv7()}@example.com`, bearer(token))).json().result).toBe(
        'used',
      );
      expect((await book(first.code, `other-${uuidv7()}@example.com`, bearer(token))).json().code).toBe(
        'bookings.key_used',
      );

      const second = await newKey();
      const signedIn = (await check(second.code, undefined, bearer(token))).json();
      expect(signedIn.result).toBe('success');
      expect(signedIn.prefill).toMatchObject({
        name: 'สมหญิง',
        tel: '0899999999',
        zip: '10330',
        provinceId: 10,
      });
      // the same booking's e-mail, anonymously: no phone, no address
      const email = (await sql('select email from bookings where user_id = ?', [member]))[0]?.email as string;
      expect((await check(first.code, email)).json()).toMatchObject({ result: 'used', prefill: null });
      // a bad token is refused, not taken as anonymous
      expect((await check(second.code, undefined, bearer('a.b.c'))).statusCode).toBe(401);
    });

    it('checks the address against the Thai lists and changes nothing when it is wrong', async () => {
      const key = await newKey();
      const bad = await book(key.code, `x-${uuidv7()}@example.com`, {}, { districtId: 5001 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'districtId' })]);
      expect(await sql('select 1 from bookings where key_id = ?', [key.id])).toEqual([]);
    });

    it('keeps the phone sealed: the raw column holds none of its digits', async () => {
      const key = await newKey();
      expect((await book(key.code, `s-${uuidv7()}@example.com`, {}, { tel: '0861234567' })).statusCode).toBe(
        201,
      );
      const raw = (await sql('select tel_sealed from bookings where key_id = ?', [key.id]))[0]
        ?.tel_sealed as string;
      expect(raw.startsWith('v1.')).toBe(true);
      expect(raw).not.toContain('0861234567');
      // no five digits of it in a row, as text or in the sealed bytes (base64url may hold digits by
      // chance: "no three digits at all" failed now and then; a given 5-digit run is ~10⁻⁹)
      const sealed = Buffer.from(raw.slice('v1.'.length), 'base64url').toString('latin1');
      for (let i = 0; i + 5 <= 10; i++) {
        expect(raw).not.toContain('0861234567'.slice(i, i + 5));
        expect(sealed).not.toContain('0861234567'.slice(i, i + 5));
      }
    });

    it('200 bookings at once (distinct e-mails) on a key of limit 10: exactly 10 rows, 190 bookings.key_limit', async () => {
      const key = await newKey({ limit: 10 });
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => book(key.code, `race-${i}-${uuidv7()}@example.com`)),
      );
      const codes = answers.map((r) => (r.statusCode === 201 ? 'created' : (r.json().code as string)));
      expect(codes.filter((c) => c === 'created')).toHaveLength(10);
      expect(codes.filter((c) => c === 'bookings.key_limit')).toHaveLength(190);
      expect((await sql('select count(*)::int as n from bookings where key_id = ?', [key.id]))[0]?.n).toBe(
        10,
      );
    }, 120_000);

    it('emits bookings.booking.created once per booking, without the phone', async () => {
      const key = await newKey();
      const made = (await book(key.code, `e-${uuidv7()}@example.com`)).json();
      const events = await eventually(async () => {
        const all = await publishedEvents<{ bookingId: string }>(
          env.namespace,
          'bookings',
          'bookings.booking.created',
        );
        const mine = all.filter((e) => e.data.bookingId === made.id);
        return mine.length ? mine : undefined;
      });
      expect(events).toHaveLength(1);
      expect(JSON.stringify(events[0]!.data)).not.toContain('0812345678');
      expect(events[0]!.data).toMatchObject({ key: key.code, hasSlip: false, productId });
    });
  });

  describe('staff', () => {
    let bookingIds: string[];
    let keyCode: string;

    beforeAll(async () => {
      const key = await newKey({ code: `STAFF-${Date.now()}` });
      keyCode = key.code;
      bookingIds = [];
      for (const name of ['Anan', 'Busaba', '=HYPERLINK("x")']) {
        const res = await book(key.code, `${name.length}-${uuidv7()}@example.com`, {}, { name });
        bookingIds.push(res.json().id as string);
      }
    });

    it('lists by product, search (name, e-mail, key), status and confirm, with phones opened', async () => {
      const all = await app.inject({
        url: `/admin/bookings?productId=${productId}&q=${keyCode}`,
        headers: bearer(staff),
      });
      expect(all.json().total).toBe(3);
      expect(all.json().items[0]).toMatchObject({
        tel: '0812345678',
        key: keyCode,
        provinceName: 'กรุงเทพมหานคร',
      });
      const one = await app.inject({
        url: `/admin/bookings?q=busaba&status=new&confirm=N`,
        headers: bearer(staff),
      });
      expect(one.json().items.map((b: { id: string }) => b.id)).toEqual([bookingIds[1]]);
      const got = await app.inject({ url: `/admin/bookings/${bookingIds[0]}`, headers: bearer(staff) });
      expect(got.json()).toMatchObject({ id: bookingIds[0], name: 'Anan' });
    });

    it('refuses every excluded field with bookings.field_not_editable, changing nothing', async () => {
      const id = bookingIds[0]!;
      const before = await app.inject({ url: `/admin/bookings/${id}`, headers: bearer(staff) });
      for (const field of BOOKING_UPDATE_EXCLUDED) {
        const res = await app.inject({
          method: 'PUT',
          url: `/admin/bookings/${id}`,
          headers: bearer(staff),
          payload: { name: 'Changed', [field]: field.includes('amount') ? 100 : '2026-01-01' },
        });
        expect(res.statusCode, field).toBe(400);
        expect(res.json().code).toBe('bookings.field_not_editable');
      }
      const after = await app.inject({ url: `/admin/bookings/${id}`, headers: bearer(staff) });
      expect(after.json()).toEqual(before.json());
    });

    it('updates the editable fields (the service sets updatedAt) and re-checks the place', async () => {
      const id = bookingIds[0]!;
      const res = await app.inject({
        method: 'PUT',
        url: `/admin/bookings/${id}`,
        headers: bearer(staff),
        payload: { lname: 'Srisuk', tel: '0800000001', quantity: 2, status: 'wait', note: 'VIP' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        lname: 'Srisuk',
        tel: '0800000001',
        quantity: 2,
        status: 'wait',
        note: 'VIP',
      });
      const bad = await app.inject({
        method: 'PUT',
        url: `/admin/bookings/${id}`,
        headers: bearer(staff),
        payload: { subDistrictId: 5001001 },
      });
      expect(bad.statusCode).toBe(400);
    });

    it('bulk wait and confirm are all or nothing; confirmed is emitted once per booking that was N', async () => {
      const missing = uuidv7();
      const refused = await app.inject({
        method: 'POST',
        url: '/admin/bookings/confirm',
        headers: bearer(staff),
        payload: { ids: [bookingIds[1], missing] },
      });
      expect(refused.statusCode).toBe(404);
      expect(
        (await sql('select confirm from bookings where booking_id = ?', [bookingIds[1]]))[0]?.confirm,
      ).toBe('N');

      const wait = await app.inject({
        method: 'POST',
        url: '/admin/bookings/wait',
        headers: bearer(staff),
        payload: { ids: bookingIds },
      });
      expect(wait.json()).toEqual({ updated: 2 }); // the first was moved to wait by the update above
      const first = await app.inject({
        method: 'POST',
        url: '/admin/bookings/confirm',
        headers: bearer(staff),
        payload: { ids: bookingIds.slice(0, 2) },
      });
      expect(first.json()).toEqual({ updated: 2 });
      const second = await app.inject({
        method: 'POST',
        url: '/admin/bookings/confirm',
        headers: bearer(staff),
        payload: { ids: bookingIds },
      });
      expect(second.json()).toEqual({ updated: 1 });
      const confirmed = await eventually(async () => {
        const all = await publishedEvents<{ bookingId: string }>(
          env.namespace,
          'bookings',
          'bookings.booking.confirmed',
        );
        const mine = all.filter((e) => bookingIds.includes(e.data.bookingId));
        return mine.length >= 3 ? mine : undefined;
      });
      expect(confirmed.map((e) => e.data.bookingId).sort()).toEqual([...bookingIds].sort());
    });

    it('sendMailById emits bookings.booking.mail-requested and answers result true', async () => {
      const res = await app.inject({
        method: 'POST',
        url: `/admin/bookings/${bookingIds[1]}/mail`,
        headers: bearer(staff),
        payload: { lang: 'en' },
      });
      expect(res.json()).toEqual({ result: true });
      const mails = await eventually(async () => {
        const all = await publishedEvents<{ bookingId: string; lang: string }>(
          env.namespace,
          'bookings',
          'bookings.booking.mail-requested',
        );
        const mine = all.filter((e) => e.data.bookingId === bookingIds[1]);
        return mine.length ? mine : undefined;
      });
      expect(mails).toHaveLength(1);
      expect(mails[0]!.data.lang).toBe('en');
    });

    it("exports a product's bookings as CSV: BOM, phones opened, formulas defused", async () => {
      const res = await app.inject({
        url: `/admin/bookings/export?productId=${productId}`,
        headers: bearer(staff),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.body.startsWith('\uFEFFcreatedAt,key,name')).toBe(true);
      expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
      expect(res.body).toContain('0800000001');
    });

    it('taking a confirmation back (Y → N) emits bookings.booking.unconfirmed once', async () => {
      const id = bookingIds[0]!; // confirmed by the bulk confirm above
      const put = (confirm: 'Y' | 'N') =>
        app.inject({
          method: 'PUT',
          url: `/admin/bookings/${id}`,
          headers: bearer(staff),
          payload: { confirm },
        });
      expect((await put('N')).statusCode).toBe(200);
      expect((await put('N')).statusCode).toBe(200); // staying N tells nobody
      const back = await eventually(async () => {
        const all = await publishedEvents<{ bookingId: string; unconfirmedBy: string }>(
          env.namespace,
          'bookings',
          'bookings.booking.unconfirmed',
        );
        const mine = all.filter((e) => e.data.bookingId === id);
        return mine.length ? mine : undefined;
      });
      // the positive signal that the second PUT's transaction (if it had told) is out: confirm again
      expect((await put('Y')).statusCode).toBe(200);
      await eventually(async () => {
        const all = await publishedEvents<{ bookingId: string }>(
          env.namespace,
          'bookings',
          'bookings.booking.confirmed',
        );
        return all.filter((e) => e.data.bookingId === id).length >= 2 ? true : undefined;
      });
      const unconfirmed = (
        await publishedEvents<{ bookingId: string }>(
          env.namespace,
          'bookings',
          'bookings.booking.unconfirmed',
        )
      ).filter((e) => e.data.bookingId === id);
      expect(unconfirmed).toHaveLength(1);
      expect(back[0]!.data.unconfirmedBy).not.toBe('');
    });

    it('deletes a booking and emits bookings.booking.deleted', async () => {
      const id = bookingIds[2]!;
      expect(
        (await app.inject({ method: 'DELETE', url: `/admin/bookings/${id}`, headers: bearer(staff) }))
          .statusCode,
      ).toBe(204);
      expect((await app.inject({ url: `/admin/bookings/${id}`, headers: bearer(staff) })).statusCode).toBe(
        404,
      );
      const deleted = await eventually(async () => {
        const all = await publishedEvents<{ bookingId: string; productId: string; email: string }>(
          env.namespace,
          'bookings',
          'bookings.booking.deleted',
        );
        const mine = all.filter((e) => e.data.bookingId === id);
        return mine.length ? mine : undefined;
      });
      expect(deleted).toHaveLength(1);
      expect(deleted[0]!.data.productId).toBe(productId);
      // an unknown booking: 404, nothing told
      expect(
        (await app.inject({ method: 'DELETE', url: `/admin/bookings/${uuidv7()}`, headers: bearer(staff) }))
          .statusCode,
      ).toBe(404);
    });
  });
});
