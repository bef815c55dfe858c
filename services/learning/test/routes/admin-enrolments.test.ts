import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, publishedEvents, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import { buildEvent, validateEvent, type EventData } from '@rian/proto-contracts/envelope';
import type { Problem } from '@rian/proto-contracts/errors';
import { ProductCoursesChanged } from '@rian/proto-contracts/catalog-commerce';
import { EnrolmentGranted, type CourseStaff } from '@rian/proto-contracts/learning';
import {
  EnrolmentChanged,
  type AdminEnrolmentStaffPage,
  type EnrolmentAuditList,
  type EnrolmentStaff,
} from '@rian/proto-contracts/learning-enrolments';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { bangkokDay } from '../../src/domain/access.js';
import { bearer, orderPaid, startLearning } from '../helpers.js';

/** The enrolments back office (/admin/userCourse; issue 12): list, grant by hand, edit, end, audit. */
describe('admin enrolments', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let orders: TestBus;
  let catalog: TestBus;
  let staff: string;
  const staffId = `staff-${uuidv7()}`;
  let otherStaff: string;
  const otherStaffId = `staff-${uuidv7()}`;
  let member: string;
  let course: CourseStaff;
  let course2: CourseStaff;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startLearning(env, issuer);
    orders = await TestBus.open(env, 'orders');
    catalog = await TestBus.open(env, 'catalog');
    staff = await issuer.staff('staff', staffId);
    otherStaff = await issuer.staff('admin', otherStaffId);
    member = await issuer.member();
    course = await app.courses.create({ title: 'หุ้นพื้นฐาน' }, null);
    course2 = await app.courses.create({ title: 'หุ้นขั้นสูง' }, null);
  });

  afterAll(async () => {
    await app?.close();
    await orders?.close();
    await catalog?.close();
    await env?.cleanup();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
    app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const grant = (body: object, token = staff) => call('POST', '/admin/enrolments', token, body);
  const audit = async (id: string) =>
    (await call('GET', `/admin/enrolments/${id}/audit`, staff)).json<EnrolmentAuditList>().items;

  it('staff enrol a member by hand once: 201, then 409 for the same member and course', async () => {
    const userId = `u-${uuidv7()}`;
    const res = await grant({ userId, courseId: course.id, code: 'AB12', special: 'Y', note: 'ซื้อก่อนผูกคอร์ส' });
    expect(res.statusCode).toBe(201);
    const e = res.json<EnrolmentStaff>();
    expect(e).toMatchObject({
      userId,
      courseId: course.id,
      source: 'staff',
      status: 'active',
      grantedBy: staffId,
      code: 'AB12',
      special: 'Y',
      sptk: 'N',
      selected: 'Y', // the member's first enrolment
      start: bangkokDay(new Date()),
      end: null,
      note: 'ซื้อก่อนผูกคอร์ส',
      line: 'N',
      lineBy: null,
      course: { id: course.id, title: 'หุ้นพื้นฐาน' },
    });
    const again = await grant({ userId, courseId: course.id });
    expect(again.statusCode).toBe(409);
    expect(again.json<Problem>()).toMatchObject({
      code: 'learning.enrolment_exists',
      errors: [{ field: 'userId', message: 'สมาชิกนี้ลงทะเบียนคอร์สนี้แล้ว' }],
    });
    // an enrolment an order granted counts too
    const buyer = `b-${uuidv7()}`;
    await orders.deliver(orderPaid(buyer, [course.id]), 'learning');
    expect((await grant({ userId: buyer, courseId: course.id })).statusCode).toBe(409);
    const [bought] = (
      await call('GET', `/admin/enrolments?userId=${buyer}`, staff)
    ).json<AdminEnrolmentStaffPage>().items;
    // the order's grant is audited too, by learning itself (changedBy null)
    expect((await audit(bought!.id)).map((r) => [r.action, r.changedBy])).toEqual([['granted', null]]);

    const [row] = await audit(e.id);
    expect(row).toMatchObject({
      action: 'granted',
      changedBy: staffId,
      before: null,
      after: { code: 'AB12' },
    });
    await eventually(async () => {
      const granted = await publishedEvents<EventData<typeof EnrolmentGranted>>(
        env.namespace,
        'learning',
        EnrolmentGranted.type,
      );
      const mine = granted.find((g) => g.data.enrolmentId === e.id);
      expect(mine?.data).toMatchObject({ source: 'staff', orderId: null, userId });
      for (const g of granted) validateEvent(EnrolmentGranted, g);
      const changed = await publishedEvents<EventData<typeof EnrolmentChanged>>(
        env.namespace,
        'learning',
        EnrolmentChanged.type,
      );
      for (const c of changed) validateEvent(EnrolmentChanged, c);
      const byOrder = changed.find((c) => c.data.enrolment.enrolmentId === bought!.id);
      expect(byOrder?.data).toMatchObject({ action: 'granted', changedBy: null, before: null });
      expect(byOrder?.data.enrolment).toMatchObject({ source: 'order', status: 'active', selected: 'Y' });
      return true;
    });
  });

  it('grants sent at once for one member and course: one 201, the rest 409, one audit row', async () => {
    const userId = `c-${uuidv7()}`;
    const answers = await Promise.all(
      [staff, otherStaff, staff].map((token) => grant({ userId, courseId: course2.id }, token)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    const e = answers.find((a) => a.statusCode === 201)!.json<EnrolmentStaff>();
    expect(await audit(e.id)).toHaveLength(1);
  });

  it('bad input: 400 problem with Thai and English text (an unknown course too); nothing is written', async () => {
    const userId = `bad-${uuidv7()}`;
    for (const [body, field, code, th] of [
      [{ userId: '', courseId: course.id }, 'userId', 'validation.required', 'กรุณากรอกข้อมูล'],
      [{ userId, courseId: 'not-a-uuid' }, 'courseId', 'validation.format', 'รูปแบบข้อมูลไม่ถูกต้อง'],
      [
        { userId, courseId: course.id, start: '2026-02-30' },
        'start',
        'validation.format',
        'รูปแบบข้อมูลไม่ถูกต้อง',
      ],
      [{ userId, courseId: course.id, special: 'yes' }, 'special', 'validation.format', 'รูปแบบข้อมูลไม่ถูกต้อง'],
      [
        { userId, courseId: course.id, start: '2026-06-10', end: '2026-06-09' },
        'end',
        'learning.enrolment_dates',
        'วันสิ้นสุดต้องไม่ก่อนวันเริ่มต้น',
      ],
    ] as const) {
      const res = await grant(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json<Problem>().errors).toContainEqual({ field, code, message: th });
    }
    const en = await app.inject({
      method: 'POST',
      url: '/admin/enrolments',
      headers: { ...bearer(staff), 'accept-language': 'en' },
      payload: { userId, courseId: course.id, start: '2026-06-10', end: '2026-06-09' },
    });
    expect(en.json<Problem>().errors).toContainEqual({
      field: 'end',
      code: 'learning.enrolment_dates',
      message: 'The end date cannot be before the start date',
    });
    const unknown = await grant({ userId, courseId: uuidv7() });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<Problem>().errors).toContainEqual({
      field: 'courseId',
      code: 'learning.course_unknown',
      message: 'ไม่พบคอร์สนี้ กรุณาเลือกจากรายการ',
    });
    const listed = await call('GET', `/admin/enrolments?userId=${userId}`, staff);
    expect(listed.json<AdminEnrolmentStaffPage>().total).toBe(0);
  });

  it('edits are audited with who set the LINE / Facebook flags; an edit that changes nothing writes nothing', async () => {
    const userId = `e-${uuidv7()}`;
    const e = (await grant({ userId, courseId: course.id })).json<EnrolmentStaff>();
    const edited = await call('PUT', `/admin/enrolments/${e.id}`, staff, {
      line: 'Y',
      code: 'NEW1',
      sptk: 'Y',
      courseStatus: 'Y',
      end: '2099-12-31',
      note: 'กลุ่มไลน์แล้ว',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<EnrolmentStaff>()).toMatchObject({
      line: 'Y',
      lineBy: staffId,
      facebook: 'N',
      facebookBy: null,
      code: 'NEW1',
      sptk: 'Y',
      courseStatus: 'Y',
      end: '2099-12-31',
      note: 'กลุ่มไลน์แล้ว',
    });
    // another staff sets Facebook; LINE stays as the first one set it (sending it again is no change)
    const fb = await call('PUT', `/admin/enrolments/${e.id}`, otherStaff, { facebook: 'Y', line: 'Y' });
    expect(fb.json<EnrolmentStaff>()).toMatchObject({ lineBy: staffId, facebookBy: otherStaffId });
    // nothing new: no audit row, no event
    const same = await call('PUT', `/admin/enrolments/${e.id}`, staff, { code: 'NEW1', line: 'Y' });
    expect(same.statusCode).toBe(200);
    // null clears
    const cleared = await call('PUT', `/admin/enrolments/${e.id}`, staff, { code: null, end: null });
    expect(cleared.json<EnrolmentStaff>()).toMatchObject({ code: null, end: null });
    const bad = await call('PUT', `/admin/enrolments/${e.id}`, staff, {
      start: '2026-06-10',
      end: '2026-06-01',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Problem>().code).toBe('learning.enrolment_dates');

    const rows = await audit(e.id);
    expect(rows.map((r) => [r.action, r.changedBy])).toEqual([
      ['granted', staffId],
      ['updated', staffId],
      ['updated', otherStaffId],
      ['updated', staffId],
    ]);
    expect(rows[1]).toMatchObject({
      before: { line: 'N', code: null },
      after: { line: 'Y', code: 'NEW1', lineBy: staffId },
    });
    expect(rows[3]).toMatchObject({
      before: { code: 'NEW1', end: '2099-12-31' },
      after: { code: null, end: null },
    });

    await eventually(async () => {
      const changed = (
        await publishedEvents<EventData<typeof EnrolmentChanged>>(
          env.namespace,
          'learning',
          EnrolmentChanged.type,
        )
      ).filter((c) => c.data.enrolment.enrolmentId === e.id);
      expect(changed.map((c) => [c.data.action, c.data.changedBy])).toEqual(
        rows.map((r) => [r.action, r.changedBy]),
      );
      for (const c of changed) validateEvent(EnrolmentChanged, c);
      expect(changed[2]!.data.enrolment).toEqual(rows[2]!.after);
      return true;
    });
  });

  it('ending: status ended and the end day today; ending again changes nothing; reopening is an edit', async () => {
    const userId = `x-${uuidv7()}`;
    const e = (await grant({ userId, courseId: course2.id })).json<EnrolmentStaff>();
    const ended = await call('POST', `/admin/enrolments/${e.id}/end`, staff);
    expect(ended.statusCode).toBe(200);
    expect(ended.json<EnrolmentStaff>()).toMatchObject({ status: 'ended', end: bangkokDay(new Date()) });
    expect((await call('POST', `/admin/enrolments/${e.id}/end`, otherStaff)).statusCode).toBe(200);
    const reopened = await call('PUT', `/admin/enrolments/${e.id}`, staff, { status: 'active', end: null });
    expect(reopened.json<EnrolmentStaff>()).toMatchObject({ status: 'active', end: null });
    const viaPatch = await call('PUT', `/admin/enrolments/${e.id}`, staff, { status: 'ended' });
    expect(viaPatch.json<EnrolmentStaff>()).toMatchObject({ status: 'ended', end: bangkokDay(new Date()) });
    expect((await audit(e.id)).map((r) => r.action)).toEqual(['granted', 'ended', 'updated', 'ended']);
    // the member's own list still shows it, ended
    const mine = await call('GET', '/enrolments/mine', await issuer.member(userId));
    expect(mine.json<{ items: EnrolmentStaff[] }>().items).toMatchObject([{ id: e.id, status: 'ended' }]);
  });

  it('lists by course, member, status and text in the code or note', async () => {
    const userId = `l-${uuidv7()}`;
    const a = (await grant({ userId, courseId: course.id, code: 'FINDME-7' })).json<EnrolmentStaff>();
    const b = (await grant({ userId, courseId: course2.id, note: 'มีหมายเหตุ findme' })).json<EnrolmentStaff>();
    await call('POST', `/admin/enrolments/${b.id}/end`, staff);
    const page = (q: string) =>
      call('GET', `/admin/enrolments?${q}`, staff).then((r) => r.json<AdminEnrolmentStaffPage>());
    expect((await page(`userId=${userId}`)).items.map((i) => i.id)).toEqual([b.id, a.id]);
    expect((await page(`userId=${userId}&courseId=${course.id}`)).items.map((i) => i.id)).toEqual([a.id]);
    expect((await page(`userId=${userId}&status=ended`)).items.map((i) => i.id)).toEqual([b.id]);
    expect((await page(`q=findme`)).items.map((i) => i.id).sort()).toEqual([a.id, b.id].sort());
    expect((await page(`q=%25`)).total).toBe(0); // % is a letter
    const bad = await call('GET', '/admin/enrolments?status=gone', staff);
    expect(bad.statusCode).toBe(400);
  });

  it('an unknown enrolment is 404 for staff; members and anonymous are refused', async () => {
    const id = uuidv7();
    for (const [method, url, payload] of [
      ['GET', `/admin/enrolments/${id}`],
      ['PUT', `/admin/enrolments/${id}`, { note: 'x' }],
      ['POST', `/admin/enrolments/${id}/end`],
      ['GET', `/admin/enrolments/${id}/audit`],
    ] as const) {
      const res = await call(method, url, staff, payload);
      expect(res.statusCode, url).toBe(404);
      expect(res.json<Problem>().code).toBe('learning.enrolment_unknown');
      expect((await call(method, url, member, payload)).statusCode).toBe(403);
      expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
    }
  });

  it('grant-missing is audited with the staff who asked, once per member', async () => {
    const productId = uuidv7();
    const buyer = `gm-${uuidv7()}`;
    await orders.deliver(orderPaid(buyer, [], { productId }), 'learning');
    await catalog.deliver(
      buildEvent(
        ProductCoursesChanged,
        { productId, courseIds: [course.id], revision: 1, changedAt: new Date().toISOString() },
        { source: 'catalog' },
      ),
      'learning',
    );
    const first = await call('POST', `/admin/products/${productId}/grant-missing`, staff);
    expect(first.json<{ granted: unknown[] }>().granted).toHaveLength(1);
    const second = await call('POST', `/admin/products/${productId}/grant-missing`, otherStaff);
    expect(second.json<{ granted: unknown[] }>().granted).toHaveLength(0);
    const [e] = (
      await call('GET', `/admin/enrolments?userId=${buyer}`, staff)
    ).json<AdminEnrolmentStaffPage>().items;
    expect(e).toMatchObject({ source: 'order', productId });
    expect((await audit(e!.id)).map((r) => [r.action, r.changedBy])).toEqual([['granted', staffId]]);
  });
});
