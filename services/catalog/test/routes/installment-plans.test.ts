import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import type { ProductStaff } from '@rian/proto-contracts/catalog';
import {
  InstallmentPlanChanged,
  InstallmentPlanDeleted,
  type InstallmentEmail,
  type InstallmentPlanCreateBody,
  type InstallmentPlansToday,
  type InstallmentPlanStaff,
} from '@rian/proto-contracts/catalog-commerce';
import { bearer } from '../helpers.js';
import {
  newProduct,
  outboxCount,
  PROBLEM,
  publishedEvent,
  startCatalogAt,
  TestClock,
} from '../commerce-helpers.js';

const AFTER_BANGKOK_MIDNIGHT = '2026-03-31T17:30:00Z'; // 1 April in Bangkok

describe('instalment plans (/admin/installment-plans) and the plans open today', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let staff: Record<string, string>;
  const clock = new TestClock(new Date(AFTER_BANGKOK_MIDNIGHT));
  const staffSub = crypto.randomUUID();

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startCatalogAt(env, issuer, clock);
    staff = bearer(await issuer.staff('staff', staffSub));
  });

  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
  });

  const createPlan = async (body: InstallmentPlanCreateBody) => {
    const res = await app.inject({
      method: 'POST',
      url: '/admin/installment-plans',
      headers: staff,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<InstallmentPlanStaff>();
  };
  const addEmails = (planId: string, emails: string[]) =>
    app.inject({
      method: 'POST',
      url: `/admin/installment-plans/${planId}/emails`,
      headers: staff,
      payload: { emails },
    });
  const emailList = async (planId: string, includeRemoved = false) =>
    (
      await app.inject({
        method: 'GET',
        url: `/admin/installment-plans/${planId}/emails`,
        headers: staff,
        query: { includeRemoved: String(includeRemoved) },
      })
    ).json<{ items: InstallmentEmail[]; total: number }>();
  const today = async (productId: string, headers: Record<string, string> = {}) => {
    const res = await app.inject({
      method: 'GET',
      url: `/products/${productId}/installment-plans/today`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<InstallmentPlansToday>();
  };

  it('creates a plan with the spec defaults (type all, count 2) and publishes it with its (empty) e-mail list', async () => {
    const product = await newProduct(app, staff, { title: 'Forex VIP' });
    const plan = await createPlan({ productId: product.id, name: ' ผ่อน 0% 2 เดือน ' });
    expect(plan).toMatchObject({
      productId: product.id,
      productTitle: 'Forex VIP',
      name: 'ผ่อน 0% 2 เดือน',
      detail: null,
      type: 'all',
      count: 2,
      start: null,
      to: null,
      emailCount: 0,
      revision: 1,
      createdBy: staffSub,
    });
    const event = await publishedEvent(env, InstallmentPlanChanged, (d) => d.planId === plan.id);
    expect(event.data).toEqual({
      planId: plan.id,
      productId: product.id,
      name: 'ผ่อน 0% 2 เดือน',
      detail: null,
      type: 'all',
      count: 2,
      start: null,
      to: null,
      emails: [],
      revision: 1,
      changedAt: plan.updatedAt,
    });
    expect(
      (
        await app.inject({ method: 'GET', url: `/admin/installment-plans/${plan.id}`, headers: staff })
      ).json(),
    ).toEqual(plan);
  });

  describe('the e-mail list', () => {
    let plan: InstallmentPlanStaff;
    beforeAll(async () => {
      const product = await newProduct(app, staff);
      plan = await createPlan({ productId: product.id, name: 'VIP 10 months', type: 'email', count: 10 });
    });

    it('lists e-mails lower-cased, once, and publishes the plan with the whole list', async () => {
      const res = await addEmails(plan.id, [
        'Somchai@Example.com',
        'malee@example.com',
        'somchai@example.COM',
      ]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        added: 2,
        restored: 0,
        unchanged: 0,
        plan: { emailCount: 2, revision: 2 },
      });
      expect((await emailList(plan.id)).items.map((e) => e.email)).toEqual([
        'malee@example.com',
        'somchai@example.com',
      ]);
      const event = await publishedEvent(
        env,
        InstallmentPlanChanged,
        (d) => d.planId === plan.id && d.revision === 2,
      );
      expect(event.data.emails).toEqual(['malee@example.com', 'somchai@example.com']);
      expect(event.data).toMatchObject({ type: 'email', count: 10 });
    });

    it('removes softly and brings a removed e-mail back when it is listed again (same row)', async () => {
      const before = await emailList(plan.id);
      const malee = before.items.find((e) => e.email === 'malee@example.com')!;
      const del = await app.inject({
        method: 'DELETE',
        url: `/admin/installment-plans/${plan.id}/emails/${malee.id}`,
        headers: staff,
      });
      expect(del.statusCode).toBe(204);
      expect((await emailList(plan.id)).items.map((e) => e.email)).toEqual(['somchai@example.com']);
      expect((await emailList(plan.id, true)).items.find((e) => e.id === malee.id)).toMatchObject({
        removed: 'Y',
      });
      const removedEvent = await publishedEvent(
        env,
        InstallmentPlanChanged,
        (d) => d.planId === plan.id && d.revision === 3,
      );
      expect(removedEvent.data.emails).toEqual(['somchai@example.com']);

      // removing it again changes nothing
      const events = await outboxCount(app, InstallmentPlanChanged.type);
      await app.inject({
        method: 'DELETE',
        url: `/admin/installment-plans/${plan.id}/emails/${malee.id}`,
        headers: staff,
      });
      expect(await outboxCount(app, InstallmentPlanChanged.type)).toBe(events);

      const back = await addEmails(plan.id, ['MALEE@example.com', 'somchai@example.com', 'new@example.com']);
      expect(back.json()).toMatchObject({
        added: 1,
        restored: 1,
        unchanged: 1,
        plan: { emailCount: 3, revision: 4 },
      });
      const after = await emailList(plan.id, true);
      expect(after.total).toBe(3);
      expect(after.items.find((e) => e.email === 'malee@example.com')).toMatchObject({
        id: malee.id,
        removed: 'N',
      });
      const event = await publishedEvent(
        env,
        InstallmentPlanChanged,
        (d) => d.planId === plan.id && d.revision === 4,
      );
      expect(event.data.emails).toEqual(['malee@example.com', 'new@example.com', 'somchai@example.com']);

      // listing only e-mails already there: no new revision, no event
      const same = await addEmails(plan.id, ['new@example.com']);
      expect(same.json()).toMatchObject({ added: 0, restored: 0, unchanged: 1, plan: { revision: 4 } });
      expect(await outboxCount(app, InstallmentPlanChanged.type)).toBe(events + 1);
    });

    it('refuses a bad e-mail with the spec message, an empty list, and an unknown e-mail id', async () => {
      const events = await outboxCount(app);
      const bad = await addEmails(plan.id, ['ok@example.com', 'not-an-email']);
      expect(bad.statusCode).toBe(400);
      expect(bad.headers['content-type']).toContain(PROBLEM);
      expect(bad.json().errors).toContainEqual(
        expect.objectContaining({ field: 'emails.1', message: 'รูปแบบ E-mail ไม่ถูกต้อง' }),
      );
      expect((await addEmails(plan.id, [])).statusCode).toBe(400);
      expect((await emailList(plan.id)).items.map((e) => e.email)).not.toContain('ok@example.com');
      const unknown = await app.inject({
        method: 'DELETE',
        url: `/admin/installment-plans/${plan.id}/emails/${crypto.randomUUID()}`,
        headers: staff,
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'catalog.installment_email_not_found' });
      expect(await outboxCount(app)).toBe(events);
    });
  });

  describe('plans open today (Asia/Bangkok) for the caller', () => {
    let product: ProductStaff;
    const plans: Record<string, InstallmentPlanStaff> = {};
    const listedEmail = `listed-${Date.now()}@example.com`;

    beforeAll(async () => {
      product = await newProduct(app, staff);
      const make = async (key: string, body: Omit<InstallmentPlanCreateBody, 'productId' | 'name'>) => {
        plans[key] = await createPlan({ productId: product.id, name: key, ...body });
      };
      await make('allOpen', {});
      await make('allApril', { count: 3, start: '2026-04-01', to: '2026-04-30' });
      await make('allMarch', { count: 6, start: '2026-03-01', to: '2026-03-31' });
      await make('emailApril', { type: 'email', count: 10, start: '2026-04-01', to: '2026-04-30' });
      await make('emailOther', { type: 'email', count: 4 });
      expect((await addEmails(plans.emailApril!.id, [listedEmail.toUpperCase()])).statusCode).toBe(200);
      expect((await addEmails(plans.emailOther!.id, ['someone-else@example.com'])).statusCode).toBe(200);
    });

    const names = (t: InstallmentPlansToday) => t.items.map((p) => p.name);

    it('shows an anonymous visitor only the type-all plans open today, fewest instalments first', async () => {
      clock.set(AFTER_BANGKOK_MIDNIGHT);
      const t = await today(product.id);
      expect(t.date).toBe('2026-04-01');
      expect(names(t)).toEqual(['allOpen', 'allApril']);
      expect(t.items[1]).toEqual({
        id: plans.allApril!.id,
        productId: product.id,
        name: 'allApril',
        detail: null,
        type: 'all',
        count: 3,
        start: '2026-04-01',
        to: '2026-04-30',
      });
    });

    it('adds the type-email plans listing the signed-in member (any case), and never the others', async () => {
      const listed = bearer(await issuer.member(undefined, { email: listedEmail }));
      expect(names(await today(product.id, listed))).toEqual(['allOpen', 'allApril', 'emailApril']);
      const stranger = bearer(await issuer.member());
      expect(names(await today(product.id, stranger))).toEqual(['allOpen', 'allApril']);
    });

    it('turns the day at Bangkok midnight', async () => {
      const listed = bearer(await issuer.member(undefined, { email: listedEmail }));
      clock.set('2026-03-31T16:59:59Z');
      const before = await today(product.id, listed);
      expect(before.date).toBe('2026-03-31');
      expect(names(before)).toEqual(['allOpen', 'allMarch']);
      clock.set('2026-03-31T17:00:00Z');
      expect(names(await today(product.id, listed))).toEqual(['allOpen', 'allApril', 'emailApril']);
      clock.set('2026-04-30T17:00:00Z'); // 1 May in Bangkok
      expect(names(await today(product.id, listed))).toEqual(['allOpen']);
      clock.set(AFTER_BANGKOK_MIDNIGHT);
    });

    it('stops offering a type-email plan once the e-mail is removed, and a plan whose type changes', async () => {
      const listed = bearer(await issuer.member(undefined, { email: listedEmail }));
      const row = (await emailList(plans.emailApril!.id)).items.find((e) => e.email === listedEmail)!;
      await app.inject({
        method: 'DELETE',
        url: `/admin/installment-plans/${plans.emailApril!.id}/emails/${row.id}`,
        headers: staff,
      });
      expect(names(await today(product.id, listed))).toEqual(['allOpen', 'allApril']);
      await addEmails(plans.emailApril!.id, [listedEmail]);
      expect(names(await today(product.id, listed))).toEqual(['allOpen', 'allApril', 'emailApril']);

      const put = await app.inject({
        method: 'PUT',
        url: `/admin/installment-plans/${plans.allOpen!.id}`,
        headers: staff,
        payload: { type: 'email' },
      });
      expect(put.statusCode).toBe(200);
      expect(names(await today(product.id))).toEqual(['allApril']);
      await app.inject({
        method: 'PUT',
        url: `/admin/installment-plans/${plans.allOpen!.id}`,
        headers: staff,
        payload: { type: 'all' },
      });
    });

    it('answers 404 for an unknown or disabled product, 401 for a bad token', async () => {
      const unknown = await app.inject({
        method: 'GET',
        url: `/products/${crypto.randomUUID()}/installment-plans/today`,
      });
      expect(unknown.statusCode).toBe(404);
      const hidden = await newProduct(app, staff, { disable: 'Y' });
      await createPlan({ productId: hidden.id, name: 'hidden' });
      expect(
        (await app.inject({ method: 'GET', url: `/products/${hidden.id}/installment-plans/today` }))
          .statusCode,
      ).toBe(404);
      const forged = await app.inject({
        method: 'GET',
        url: `/products/${product.id}/installment-plans/today`,
        headers: bearer(await (await TestTokenIssuer.create()).member()),
      });
      expect(forged.statusCode).toBe(401);
    });
  });

  it('lists plans for /admin/patternPayment: newest first, by product, by name or product title, paged', async () => {
    const tag = `pp${Date.now().toString(36)}`;
    const gold = await newProduct(app, staff, { title: `${tag} Gold course` });
    const forex = await newProduct(app, staff, { title: `${tag} Forex course` });
    const a = await createPlan({ productId: gold.id, name: 'plan A' });
    const b = await createPlan({ productId: forex.id, name: `${tag} plan B` });
    const c = await createPlan({ productId: gold.id, name: 'plan C', type: 'email' });
    await addEmails(c.id, ['x@example.com', 'y@example.com']);
    const list = async (query: Record<string, string>) =>
      (await app.inject({ method: 'GET', url: '/admin/installment-plans', headers: staff, query })).json<{
        items: InstallmentPlanStaff[];
        total: number;
      }>();
    expect((await list({ productId: gold.id })).items.map((p) => p.id)).toEqual([c.id, a.id]);
    expect((await list({ productId: gold.id })).items[0]).toMatchObject({
      emailCount: 2,
      productTitle: `${tag} Gold course`,
    });
    expect((await list({ q: `${tag} gold` })).items.map((p) => p.id)).toEqual([c.id, a.id]);
    expect((await list({ q: tag })).items.map((p) => p.id)).toEqual([c.id, b.id, a.id]);
    const paged = await list({ q: tag, pageSize: '2', page: '2' });
    expect(paged.total).toBe(3);
    expect(paged.items.map((p) => p.id)).toEqual([a.id]);
  });

  it('updates a plan (new revision, event with its e-mails) and deletes it with its list', async () => {
    const product = await newProduct(app, staff);
    const plan = await createPlan({ productId: product.id, name: 'p', type: 'email', start: '2026-04-01' });
    await addEmails(plan.id, ['a@example.com']);
    const res = await app.inject({
      method: 'PUT',
      url: `/admin/installment-plans/${plan.id}`,
      headers: staff,
      payload: { count: 6, detail: 'ผ่อนผ่านบัตรเครดิต', to: '2026-06-30' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      count: 6,
      detail: 'ผ่อนผ่านบัตรเครดิต',
      type: 'email',
      start: '2026-04-01',
      to: '2026-06-30',
      revision: 3,
      emailCount: 1,
    });
    const event = await publishedEvent(
      env,
      InstallmentPlanChanged,
      (d) => d.planId === plan.id && d.revision === 3,
    );
    expect(event.data).toMatchObject({ count: 6, emails: ['a@example.com'], to: '2026-06-30' });

    expect(
      (await app.inject({ method: 'DELETE', url: `/admin/installment-plans/${plan.id}`, headers: staff }))
        .statusCode,
    ).toBe(204);
    expect(
      (await app.inject({ method: 'GET', url: `/admin/installment-plans/${plan.id}`, headers: staff }))
        .statusCode,
    ).toBe(404);
    const deleted = await publishedEvent(env, InstallmentPlanDeleted, (d) => d.planId === plan.id);
    expect(deleted.data.productId).toBe(product.id);
    const rows = (await app.kit.orm.em
      .fork()
      .execute('select count(*)::int as n from installment_plan_emails where plan_id = ?', [plan.id])) as {
      n: number;
    }[];
    expect(rows[0]?.n).toBe(0);
  });

  describe('validation: 400 problem+json, nothing stored, no event', () => {
    let productId: string;
    beforeAll(async () => {
      productId = (await newProduct(app, staff)).id;
    });

    it.each([
      ['missing name', 'name', 'กรุณากรอกข้อมูล', { name: undefined }],
      ['name of blanks', 'name', 'กรุณากรอกข้อมูล', { name: '   ' }],
      ['missing product', 'productId', 'กรุณากรอกข้อมูล', { productId: undefined }],
      ['unknown type', 'type', 'รูปแบบข้อมูลไม่ถูกต้อง', { type: 'vip' }],
      ['one instalment', 'count', 'รูปแบบข้อมูลไม่ถูกต้อง', { count: 1 }],
      ['too many instalments', 'count', 'รูปแบบข้อมูลไม่ถูกต้อง', { count: 37 }],
      ['count with decimals', 'count', 'รูปแบบข้อมูลไม่ถูกต้อง', { count: 2.5 }],
      ['ends before it starts', 'to', 'วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่ม', { start: '2026-05-01', to: '2026-04-30' }],
    ])('%s → field %s', async (_name, field, message, change) => {
      const body: Record<string, unknown> = { productId, name: 'x', ...change };
      for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
      const events = await outboxCount(app);
      const res = await app.inject({
        method: 'POST',
        url: '/admin/installment-plans',
        headers: staff,
        payload: body,
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain(PROBLEM);
      expect(res.json().errors).toContainEqual(expect.objectContaining({ field, message }));
      expect(await outboxCount(app)).toBe(events);
    });

    it('answers 404 for a plan of an unknown product, and for unknown plans', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/admin/installment-plans',
        headers: staff,
        payload: { productId: crypto.randomUUID(), name: 'x' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'catalog.product_not_found' });
      const id = crypto.randomUUID();
      for (const [method, url, payload] of [
        ['GET', `/admin/installment-plans/${id}`, undefined],
        ['PUT', `/admin/installment-plans/${id}`, { count: 3 }],
        ['DELETE', `/admin/installment-plans/${id}`, undefined],
        ['GET', `/admin/installment-plans/${id}/emails`, undefined],
        ['POST', `/admin/installment-plans/${id}/emails`, { emails: ['a@example.com'] }],
      ] as const) {
        const r = await app.inject({ method, url, headers: staff, ...(payload ? { payload } : {}) });
        expect(r.statusCode, `${method} ${url}`).toBe(404);
        expect(r.json()).toMatchObject({ code: 'catalog.installment_plan_not_found' });
      }
    });
  });

  it('is for staff only: anonymous 401, members 403, on every staff route', async () => {
    const product = await newProduct(app, staff);
    const plan = await createPlan({ productId: product.id, name: 'guarded' });
    const memberToken = bearer(
      await issuer.member(undefined, { status: 'Premium', membershipCodes: ['CG1'] }),
    );
    const routes: [string, string, object | undefined][] = [
      ['GET', '/admin/installment-plans', undefined],
      ['POST', '/admin/installment-plans', { productId: product.id, name: 'x' }],
      ['GET', `/admin/installment-plans/${plan.id}`, undefined],
      ['PUT', `/admin/installment-plans/${plan.id}`, { count: 3 }],
      ['DELETE', `/admin/installment-plans/${plan.id}`, undefined],
      ['GET', `/admin/installment-plans/${plan.id}/emails`, undefined],
      ['POST', `/admin/installment-plans/${plan.id}/emails`, { emails: ['a@example.com'] }],
      ['DELETE', `/admin/installment-plans/${plan.id}/emails/${crypto.randomUUID()}`, undefined],
    ];
    for (const [method, url, payload] of routes) {
      const opts = { method: method as 'GET', url, ...(payload ? { payload } : {}) };
      expect((await app.inject(opts)).statusCode, `${method} ${url}`).toBe(401);
      expect((await app.inject({ ...opts, headers: memberToken })).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(
      (
        await app.inject({ method: 'GET', url: `/admin/installment-plans/${plan.id}`, headers: staff })
      ).json(),
    ).toMatchObject({
      revision: 1,
      count: 2,
      emailCount: 0,
    });
  });
});
