import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import type { Problem } from '@rian/proto-contracts/errors';
import type { CourseStaff, EnrolmentList } from '@rian/proto-contracts/learning';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { bearer, orderPaid, startLearning } from '../helpers.js';

const bangkokToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date()); // yyyy-mm-dd

/** Spec 01 §3 enrolment defaults, the member's courses with their titles, and the course switch. */
describe('enrolment defaults and the course switch', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let bus: TestBus;
  let basics: CourseStaff;
  let live: CourseStaff;
  let other: CourseStaff;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startLearning(env, issuer);
    bus = await TestBus.open(env, 'orders');
    const staff = await issuer.staff();
    const course = async (title: string, code: string) =>
      (
        await app.inject({
          method: 'POST',
          url: '/admin/courses',
          headers: bearer(staff),
          payload: { title, code },
        })
      ).json<CourseStaff>();
    basics = await course('เทรดทองคำขั้นพื้นฐาน', `B${uuidv7().slice(-6)}`);
    live = await course('ไลฟ์เทรดสด', `L${uuidv7().slice(-6)}`);
    other = await course('คอร์สอื่น', `O${uuidv7().slice(-6)}`);
  });

  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await env?.cleanup();
  });

  const mine = async (token: string) => {
    const res = await app.inject({ method: 'GET', url: '/enrolments/mine', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<EnrolmentList>().items;
  };
  const select = (token: string | undefined, payload: object) =>
    app.inject({
      method: 'POST',
      url: '/enrolments/select',
      headers: token ? bearer(token) : {},
      payload,
    });
  const selectedOf = (items: EnrolmentList['items']) =>
    items.filter((e) => e.selected === 'Y').map((e) => e.courseId);

  it('a paid order enrols with the spec defaults; the first course is selected, the rest not', async () => {
    const userId = uuidv7();
    const ev = orderPaid(userId, [basics.id, live.id, 'legacy-course']);
    await bus.deliver(ev, 'learning');
    const items = await mine(await issuer.member(userId, { status: 'Premium' }));
    expect(items.map((e) => [e.courseId, e.course?.title ?? null, e.selected])).toEqual([
      [basics.id, 'เทรดทองคำขั้นพื้นฐาน', 'Y'],
      [live.id, 'ไลฟ์เทรดสด', 'N'],
      ['legacy-course', null, 'N'], // an id learning has no course for is still granted
    ]);
    for (const e of items) {
      expect(e).toMatchObject({
        courseStatus: 'N',
        sptk: 'N',
        special: 'N',
        code: null,
        start: bangkokToday(),
        end: null,
        status: 'active',
        orderId: ev.data.orderId,
      });
    }
    expect(items[0]!.course).toEqual({
      id: basics.id,
      title: basics.title,
      code: basics.code,
      status: 'open',
      liveStreaming: 'N',
    });
  });

  it('a later order adds its courses unselected: the selection stays', async () => {
    const userId = uuidv7();
    const token = await issuer.member(userId, { status: 'Premium' });
    await bus.deliver(orderPaid(userId, [live.id]), 'learning');
    await bus.deliver(orderPaid(userId, [basics.id, other.id]), 'learning');
    expect(selectedOf(await mine(token))).toEqual([live.id]);
  });

  it('the member switches course: exactly one selected, saved for the next read', async () => {
    const userId = uuidv7();
    const token = await issuer.member(userId, { status: 'Premium' });
    await bus.deliver(orderPaid(userId, [basics.id, live.id]), 'learning');

    const res = await select(token, { courseId: live.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(selectedOf(res.json<EnrolmentList>().items)).toEqual([live.id]);
    expect(selectedOf(await mine(token))).toEqual([live.id]);
    // selecting the selected one again is harmless
    expect(selectedOf((await select(token, { courseId: live.id })).json<EnrolmentList>().items)).toEqual([
      live.id,
    ]);
    await select(token, { courseId: basics.id });
    expect(selectedOf(await mine(token))).toEqual([basics.id]);
  });

  it('a course the member is not enrolled in, or another member’s: 404, nothing changes for anyone', async () => {
    const alice = uuidv7();
    const bob = uuidv7();
    const aliceToken = await issuer.member(alice, { status: 'Premium' });
    const bobToken = await issuer.member(bob, { status: 'Premium' });
    await bus.deliver(orderPaid(alice, [basics.id, live.id]), 'learning');
    await bus.deliver(orderPaid(bob, [other.id]), 'learning');

    const notMine = await select(aliceToken, { courseId: other.id }); // bob's course, not alice's
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json<Problem>()).toMatchObject({
      code: 'learning.enrolment_not_found',
      messages: { th: 'คุณยังไม่ได้ลงทะเบียนคอร์สนี้' },
    });
    expect((await select(aliceToken, { courseId: uuidv7() })).statusCode).toBe(404);
    expect(selectedOf(await mine(aliceToken))).toEqual([basics.id]);

    // bob cannot move alice's selection: he only ever changes his own
    expect((await select(bobToken, { courseId: live.id })).statusCode).toBe(404);
    expect((await select(bobToken, { courseId: other.id })).statusCode).toBe(200);
    expect(selectedOf(await mine(aliceToken))).toEqual([basics.id]);
    expect(selectedOf(await mine(bobToken))).toEqual([other.id]);
  });

  it('bad body → 400 problem; anonymous → 401; staff → 403', async () => {
    const token = await issuer.member(uuidv7(), { status: 'Premium' });
    const empty = await select(token, { courseId: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<Problem>().errors).toEqual([
      { field: 'courseId', code: 'validation.required', message: 'กรุณากรอกข้อมูล' },
    ]);
    expect((await select(token, {})).statusCode).toBe(400);
    expect((await select(undefined, { courseId: basics.id })).statusCode).toBe(401);
    expect((await select(await issuer.staff(), { courseId: basics.id })).statusCode).toBe(403);
  });

  it('switches at the same moment still leave exactly one selected, and each call succeeds', async () => {
    const userId = uuidv7();
    const token = await issuer.member(userId, { status: 'Premium' });
    await bus.deliver(orderPaid(userId, [basics.id, live.id, other.id]), 'learning');
    const courses = [live.id, other.id, basics.id, live.id, other.id, live.id];
    const answers = await Promise.all(courses.map((courseId) => select(token, { courseId })));
    expect(answers.map((r) => r.statusCode)).toEqual(courses.map(() => 200));
    const items = await mine(token);
    expect(items).toHaveLength(3);
    expect(selectedOf(items)).toHaveLength(1);
  });
});
