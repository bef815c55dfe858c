import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import type { CouponView } from '@rian/proto-contracts/coupons';
import type { OrderView } from '@rian/proto-contracts/orders';
import {
  CatalogBus,
  newId,
  priceChanged,
  productChanged,
  rows,
  TestClock,
  startOrders,
} from '../../helpers.js';

/**
 * The coupon back office and the member's coupon check, against the real PostgreSQL, NATS and
 * Redis. Bangkok day 15 April 2026, 12:00 (clock 05:00 UTC). GOLD: NL price 1,500.00.
 */
describe('coupon back office and check', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let bus: CatalogBus;
  let issuer: TestTokenIssuer;
  let staff: string;
  const clock = new TestClock(new Date('2026-04-15T05:00:00Z'));
  const gold = newId();
  const nlPrice = newId();

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const member = (sub = newId(), codes = ['NL']) =>
    issuer.member(sub, { membershipCodes: codes, email: `${sub}@example.com` });
  const priceOff = (code: string, extra: Record<string, unknown> = {}) => ({
    code,
    name: 'ลด 100 บาท',
    productId: gold,
    type: 'Price',
    price: 10_000,
    ...extra,
  });
  const create = async (body: Record<string, unknown>) => {
    const res = await call('POST', '/admin/coupons', staff, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CouponView>();
  };
  const uniqueCode = () => `C${newId().slice(-12).toUpperCase()}`;
  const couponRows = async () => Number((await rows(app, 'select count(*)::int as n from coupons'))[0]!.n);

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    staff = await issuer.staff('staff');
    app = await startOrders(env, clock, { tokenKeys: issuer.keys });
    bus = await CatalogBus.open(env);
    await bus.deliver(productChanged(gold));
    await bus.deliver(priceChanged(gold, nlPrice, { member: 'NL', value: 150_000 }));
  });

  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await env?.cleanup();
  });

  describe('authorisation', () => {
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
      ['GET', '/admin/coupons'],
      ['GET', `/admin/coupons/${newId()}`],
      ['POST', '/admin/coupons'],
      ['PUT', `/admin/coupons/${newId()}`],
      ['DELETE', `/admin/coupons/${newId()}`],
      ['GET', `/admin/coupons/${newId()}/emails`],
      ['POST', `/admin/coupons/${newId()}/emails`],
      ['DELETE', `/admin/coupons/${newId()}/emails/${newId()}`],
    ];
    it.each(routes)('%s %s: anonymous 401, member 403', async (method, url) => {
      const before = await couponRows();
      // a valid body: validation runs before the token check
      const body = url.endsWith('/emails')
        ? { emails: ['a@example.com'] }
        : method === 'POST' || method === 'PUT'
          ? priceOff(uniqueCode())
          : undefined;
      expect((await call(method, url, undefined, body)).statusCode).toBe(401);
      const res = await call(method, url, await member(), body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'auth.forbidden' });
      expect(await couponRows()).toBe(before);
    });

    it('the coupon check: anonymous 401, staff 403 (members only)', async () => {
      const body = { code: 'X', productId: gold };
      expect((await call('POST', '/coupons/check', undefined, body)).statusCode).toBe(401);
      expect((await call('POST', '/coupons/check', staff, body)).statusCode).toBe(403);
    });
  });

  describe('create, read, update, delete', () => {
    it('POST 201 with defaults, GET by id with its use count, the list finds it by q and product', async () => {
      const code = uniqueCode();
      const c = await create({ code: `  ${code} `, productId: gold });
      expect(c).toMatchObject({
        code,
        name: '',
        productScope: 'Only',
        type: 'All',
        memberOnly: 'N',
        emailOnly: 'N',
        limit: null,
        price: null,
        percent: null,
        point: null,
        pay: null,
        usedCount: 0,
      });
      const one = await call('GET', `/admin/coupons/${c.id}`, staff);
      expect(one.statusCode).toBe(200);
      expect(one.json()).toEqual(c);

      const byQ = await call('GET', `/admin/coupons?q=${code.slice(3, 9).toLowerCase()}`, staff);
      expect(byQ.json().items.map((i: CouponView) => i.id)).toEqual([c.id]);
      const byProduct = await call('GET', `/admin/coupons?productId=${gold}&pageSize=100`, staff);
      expect(byProduct.json().items.map((i: CouponView) => i.id)).toContain(c.id);
      const otherProduct = await call('GET', `/admin/coupons?productId=${newId()}`, staff);
      expect(otherProduct.json()).toMatchObject({ items: [], total: 0, page: 1, pageSize: 20 });
    });

    it('a missing coupon: GET, PUT, DELETE answer 404 ไม่มีรหัสคูปองนี้', async () => {
      for (const [method, body] of [
        ['GET', undefined],
        ['PUT', priceOff(uniqueCode())],
        ['DELETE', undefined],
      ] as const) {
        const res = await call(method, `/admin/coupons/${newId()}`, staff, body);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'coupon.not_found', detail: 'ไม่มีรหัสคูปองนี้' });
      }
    });

    it('dates normalised to yyyy-mm-dd and times to HH:mm; "" limit and null limit both stored as null (unlimited)', async () => {
      const c = await create(
        priceOff(uniqueCode(), {
          start: '2026-04-01T00:00:00.000Z',
          startTime: '9:05',
          to: '2026-04-30',
          toTime: '18:30:00',
          limit: '',
        }),
      );
      expect(c).toMatchObject({ start: '2026-04-01', startTime: '09:05', to: '2026-04-30', toTime: '18:30' });
      expect(c.limit).toBeNull();
      const [row] = await rows(app, 'select "limit" from coupons where coupon_id = ?', [c.id]);
      expect(row!.limit).toBeNull();

      const limited = await call('PUT', `/admin/coupons/${c.id}`, staff, priceOff(c.code, { limit: 5 }));
      expect(limited.json()).toMatchObject({ limit: 5 });
      const cleared = await call('PUT', `/admin/coupons/${c.id}`, staff, priceOff(c.code, { limit: null }));
      expect(cleared.json().limit).toBeNull();
    });

    it('changing the type clears the values of the other types; the new type needs its own value', async () => {
      const c = await create(priceOff(uniqueCode(), { percent: 50, point: 7, pay: 1 }));
      // only the own type's value is kept, even when the form sends the others
      expect(c).toMatchObject({ type: 'Price', price: 10_000, percent: null, point: null, pay: null });

      const res = await call(
        'PUT',
        `/admin/coupons/${c.id}`,
        staff,
        priceOff(c.code, { type: 'Percent', percent: 12.5, price: 10_000 }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        type: 'Percent',
        percent: 12.5,
        price: null,
        point: null,
        pay: null,
      });
      const [row] = await rows(app, 'select price, percent, point, pay from coupons where coupon_id = ?', [
        c.id,
      ]);
      expect(row).toMatchObject({ price: null, point: null, pay: null });

      const toAll = await call(
        'PUT',
        `/admin/coupons/${c.id}`,
        staff,
        priceOff(c.code, { type: 'All', percent: 12.5 }),
      );
      expect(toAll.json()).toMatchObject({ type: 'All', price: null, percent: null, point: null, pay: null });

      const noValue = await call('PUT', `/admin/coupons/${c.id}`, staff, {
        code: c.code,
        productId: gold,
        type: 'Pay',
      });
      expect(noValue.statusCode).toBe(400);
      expect(noValue.json().errors).toEqual([
        { field: 'pay', code: 'validation.required', message: 'กรุณากรอกข้อมูล' },
      ]);
      expect((await call('GET', `/admin/coupons/${c.id}`, staff)).json()).toMatchObject({ type: 'All' });
    });

    it('bad input: 400 with Thai field errors, nothing stored', async () => {
      const before = await couponRows();
      const cases: [Record<string, unknown>, string, string][] = [
        [priceOff('   '), 'code', 'กรุณากรอกข้อมูล'],
        [{ ...priceOff(uniqueCode()), productId: null }, 'productId', 'กรุณากรอกข้อมูล'],
        [priceOff(uniqueCode(), { start: '2026-02-30' }), 'start', 'รูปแบบข้อมูลไม่ถูกต้อง'],
        [priceOff(uniqueCode(), { toTime: '25:00' }), 'toTime', 'รูปแบบข้อมูลไม่ถูกต้อง'],
        [priceOff(uniqueCode(), { start: '2026-05-01', to: '2026-04-01' }), 'to', 'วันสิ้นสุดต้องไม่ก่อนวันเริ่มต้น'],
        [
          priceOff(uniqueCode(), { type: 'Percent', percent: 10.125 }),
          'percent',
          'เปอร์เซ็นต์มีทศนิยมได้ไม่เกิน 2 ตำแหน่ง',
        ],
      ];
      for (const [body, field, message] of cases) {
        const res = await call('POST', '/admin/coupons', staff, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().errors).toContainEqual(expect.objectContaining({ field, message }));
      }
      for (const body of [{ name: 'no code', productId: gold }, priceOff(uniqueCode(), { limit: '5' })]) {
        expect((await call('POST', '/admin/coupons', staff, body)).statusCode).toBe(400);
      }
      expect(await couponRows()).toBe(before);
    });

    it('code unique whatever its case: 409 มีรหัสคูปองนี้เเล้ว on create and on renaming another', async () => {
      const code = uniqueCode();
      const first = await create(priceOff(code));
      const again = await call('POST', '/admin/coupons', staff, priceOff(code.toLowerCase()));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'coupon.code_taken', detail: 'มีรหัสคูปองนี้เเล้ว' });

      const other = await create(priceOff(uniqueCode()));
      const rename = await call(
        'PUT',
        `/admin/coupons/${other.id}`,
        staff,
        priceOff(` ${code.toLowerCase()}`),
      );
      expect(rename.statusCode).toBe(409);
      expect((await call('GET', `/admin/coupons/${other.id}`, staff)).json().code).toBe(other.code);
      // keeping its own code is no conflict
      const same = await call('PUT', `/admin/coupons/${first.id}`, staff, priceOff(code, { name: 'ใหม่' }));
      expect(same.statusCode).toBe(200);

      // two saves of one new code at once: one 201, one 409
      const racing = uniqueCode();
      const both = await Promise.all([
        call('POST', '/admin/coupons', staff, priceOff(racing)),
        call('POST', '/admin/coupons', staff, priceOff(racing.toLowerCase())),
      ]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    });

    it('DELETE: an unused coupon goes (204, then 404) with its e-mails; one an order used is refused 409', async () => {
      const c = await create(priceOff(uniqueCode()));
      await call('POST', `/admin/coupons/${c.id}/emails`, staff, { emails: ['a@example.com'] });
      expect((await call('DELETE', `/admin/coupons/${c.id}`, staff)).statusCode).toBe(204);
      expect((await call('GET', `/admin/coupons/${c.id}`, staff)).statusCode).toBe(404);
      expect(await rows(app, 'select * from coupon_emails where coupon_id = ?', [c.id])).toEqual([]);

      const used = await create(priceOff(uniqueCode()));
      const order = await app.inject({
        method: 'POST',
        url: '/checkout',
        headers: { authorization: `Bearer ${await member()}`, 'idempotency-key': newId() },
        payload: { productId: gold, priceId: nlPrice, paymentType: 4, couponCode: used.code },
      });
      expect(order.statusCode).toBe(201);
      const res = await call('DELETE', `/admin/coupons/${used.id}`, staff);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'coupon.in_use' });
      expect((await call('GET', `/admin/coupons/${used.id}`, staff)).json()).toMatchObject({ usedCount: 1 });
    });

    it('active=true lists coupons not expired at this Bangkok minute; active=false the expired ones', async () => {
      const expiredToday = await create(priceOff(uniqueCode(), { to: '2026-04-15', toTime: '11:59' }));
      const endsLater = await create(priceOff(uniqueCode(), { to: '2026-04-15', toTime: '12:00' }));
      const open = await create(priceOff(uniqueCode()));
      const ids = async (active: boolean) =>
        (await call('GET', `/admin/coupons?active=${active}&productId=${gold}&pageSize=100`, staff))
          .json()
          .items.map((i: CouponView) => i.id);
      const active = await ids(true);
      expect(active).toEqual(expect.arrayContaining([endsLater.id, open.id]));
      expect(active).not.toContain(expiredToday.id);
      const expired = await ids(false);
      expect(expired).toContain(expiredToday.id);
      expect(expired).not.toContain(endsLater.id);
      expect(expired).not.toContain(open.id);
    });
  });

  describe('e-mail lists', () => {
    it('adds lower-cased, once; removal is soft and re-adding restores the same entry', async () => {
      const c = await create(priceOff(uniqueCode(), { emailOnly: 'Y' }));
      const added = await call('POST', `/admin/coupons/${c.id}/emails`, staff, {
        emails: ['Ann@Example.com', 'ann@example.com', 'bob@example.com'],
      });
      expect(added.statusCode).toBe(200);
      const items = added.json<{ items: { id: string; email: string }[] }>().items;
      expect(items.map((i) => i.email)).toEqual(['ann@example.com', 'bob@example.com']);
      const ann = items[0]!;

      expect((await call('DELETE', `/admin/coupons/${c.id}/emails/${ann.id}`, staff)).statusCode).toBe(204);
      const listed = await call('GET', `/admin/coupons/${c.id}/emails`, staff);
      expect(listed.json().items.map((i: { email: string }) => i.email)).toEqual(['bob@example.com']);
      const [row] = await rows(app, 'select removed from coupon_emails where id = ?', [ann.id]);
      expect(row!.removed).toBe(true);
      // removing it again, or from another coupon: 404
      expect((await call('DELETE', `/admin/coupons/${c.id}/emails/${ann.id}`, staff)).statusCode).toBe(404);

      const back = await call('POST', `/admin/coupons/${c.id}/emails`, staff, {
        emails: ['ANN@example.com'],
      });
      expect(back.json().items).toContainEqual({ id: ann.id, email: 'ann@example.com' });
      expect(await rows(app, 'select * from coupon_emails where coupon_id = ?', [c.id])).toHaveLength(2);
    });

    it('bad e-mails: 400 รูปแบบ E-mail ไม่ถูกต้อง, nothing added; unknown coupon 404', async () => {
      const c = await create(priceOff(uniqueCode()));
      const res = await call('POST', `/admin/coupons/${c.id}/emails`, staff, {
        emails: ['ok@example.com', 'nope'],
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().errors)).toContain('รูปแบบ E-mail ไม่ถูกต้อง');
      expect((await call('POST', `/admin/coupons/${c.id}/emails`, staff, { emails: [] })).statusCode).toBe(
        400,
      );
      expect((await call('GET', `/admin/coupons/${c.id}/emails`, staff)).json().items).toEqual([]);
      const missing = await call('POST', `/admin/coupons/${newId()}/emails`, staff, {
        emails: ['a@example.com'],
      });
      expect(missing.statusCode).toBe(404);
    });
  });

  describe('the member check and checkout', () => {
    it('a coupon made through the admin answers its discount at /coupons/check, uses nothing, and works in POST /checkout', async () => {
      const c = await create(
        priceOff(uniqueCode(), {
          type: 'Percent',
          percent: 10,
          limit: 1,
          start: '2026-04-01',
          to: '2026-04-30',
        }),
      );
      const token = await member();
      const check = () => call('POST', '/coupons/check', token, { code: c.code, productId: gold });
      const first = await check();
      expect(first.statusCode).toBe(200);
      // 10% of 1,500.00 = 150.00
      expect(first.json()).toMatchObject({
        couponId: c.id,
        priceId: nlPrice,
        price: 150_000,
        discount: 15_000,
        points: 0,
        countOrder: 0,
        limit: 1,
        memberOnly: 'N',
        emailOnly: 'N',
      });
      expect((await check()).json().countOrder).toBe(0);

      const order = await app.inject({
        method: 'POST',
        url: '/checkout',
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': newId() },
        payload: { productId: gold, priceId: nlPrice, paymentType: 4, couponCode: c.code },
      });
      expect(order.statusCode).toBe(201);
      expect(order.json<{ order: OrderView }>().order).toMatchObject({ couponId: c.id, discount: 15_000 });

      const usedUp = await check();
      expect(usedUp.statusCode).toBe(409);
      expect(usedUp.json()).toMatchObject({ code: 'coupon.used_up', detail: 'รหัสคูปองนี้ ถูกใช้ครบเเล้ว' });
    });

    it('answers the Thai problems of spec 02 §5: unknown code, e-mail only, member only; bad body 400', async () => {
      const problem = async (code: string, token?: string) => {
        const res = await call('POST', '/coupons/check', token ?? (await member()), {
          code,
          productId: gold,
        });
        return [res.statusCode, res.json().detail];
      };
      expect(await problem('NO-SUCH-CODE')).toEqual([404, 'ไม่มีรหัสคูปองนี้']);

      const emailOnly = await create(priceOff(uniqueCode(), { emailOnly: 'Y' }));
      expect(await problem(emailOnly.code)).toEqual([403, 'รหัสคูปองนี้ ใช้ได้กับ Email ที่กำหนดใว้']);
      const sub = newId();
      await call('POST', `/admin/coupons/${emailOnly.id}/emails`, staff, { emails: [`${sub}@EXAMPLE.com`] });
      const listed = await call('POST', '/coupons/check', await member(sub), {
        code: emailOnly.code,
        productId: gold,
      });
      expect(listed.json()).toMatchObject({ discount: 10_000 });

      const memberOnly = await create(priceOff(uniqueCode(), { memberOnly: 'Y' }));
      expect(await problem(memberOnly.code)).toEqual([403, 'รหัสคูปองนี้ ใช้ได้กับ สมาชิกเดิม เท่านั้น']);

      const bad = await call('POST', '/coupons/check', await member(), { code: '', productId: gold });
      expect(bad.statusCode).toBe(400);
      const noPrice = await call('POST', '/coupons/check', await member(), {
        code: memberOnly.code,
        productId: gold,
        priceId: newId(),
      });
      expect(noPrice.statusCode).toBe(422);
    });
  });
});
