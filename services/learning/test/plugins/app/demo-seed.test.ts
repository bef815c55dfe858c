import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { DEMO_COURSE_IDS, DEMO_GROUP_IDS, DEMO_GROUP_QR_FILES } from '@rian/proto-contracts/demo';
import type { MemberGroupsPage } from '@rian/proto-contracts/learning-groups';
import type { AdminCoursesPage } from '@rian/proto-contracts/learning';
import { bearer, startLearning } from '../../helpers.js';

const SEED = { LEARNING_SEED_DEMO: 'true' };

describe('demo courses (LEARNING_SEED_DEMO)', () => {
  let issuer: TestTokenIssuer;
  let staff: Record<string, string>;
  const envs: TestEnv[] = [];
  const apps: ServiceApp[] = [];

  const start = async (env: TestEnv, extra: Record<string, string> = SEED) => {
    const app = await startLearning(env, issuer, extra);
    apps.push(app);
    return app;
  };
  const newEnv = async () => {
    const env = await createTestEnv();
    envs.push(env);
    return env;
  };
  const staffList = async (app: ServiceApp) =>
    (
      await app.inject({ method: 'GET', url: '/admin/courses?sort=title&pageSize=100', headers: staff })
    ).json<AdminCoursesPage>();

  beforeAll(async () => {
    issuer = await TestTokenIssuer.create();
    staff = bearer(await issuer.staff());
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });
  afterAll(async () => {
    for (const env of envs) await env.cleanup();
  });

  it('seeds the three demo courses, with the fixed ids and codes catalog links to, readable by visitors', async () => {
    const app = await start(await newEnv());
    const list = await staffList(app);
    expect(list.total).toBe(3);
    expect(list.items.map((c) => [c.id, c.code]).sort()).toEqual(
      [
        [DEMO_COURSE_IDS.forexBasics, 'FXB-2027'],
        [DEMO_COURSE_IDS.priceAction, 'PAM-2027'],
        [DEMO_COURSE_IDS.setStocks, 'SET-2026'],
      ].sort(),
    );
    const one = await app.inject({ method: 'GET', url: `/courses/${DEMO_COURSE_IDS.forexBasics}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ title: 'Forex พื้นฐาน (Forex Basics)', status: 'open' });
  });

  it('issue 16: Forex Basics gets its LINE and Facebook groups, once (a restart adds none)', async () => {
    const env = await newEnv();
    const groups = async (app: ServiceApp) =>
      (
        await app.inject({
          method: 'GET',
          url: `/admin/member-groups?courseId=${DEMO_COURSE_IDS.forexBasics}&sort=name`,
          headers: staff,
        })
      ).json<MemberGroupsPage>();
    const first = await groups(await start(env));
    expect(first.items.map((g) => [g.id, g.type, g.hidden]).sort()).toEqual(
      [
        [DEMO_GROUP_IDS.forexFacebook, 'facebook', 'N'],
        [DEMO_GROUP_IDS.forexLine, 'line', 'N'],
      ].sort(),
    );
    for (const app of apps.splice(0)) await app.close();
    expect((await groups(await start(env))).total).toBe(2);
  });

  it('issue 16: the demo groups name the QR images media generates, and a demo database seeded without them gets them (not over staff’s own)', async () => {
    const env = await newEnv();
    const qrs = async (app: ServiceApp) =>
      (
        await app.inject({
          method: 'GET',
          url: `/admin/member-groups?courseId=${DEMO_COURSE_IDS.forexBasics}&sort=name`,
          headers: staff,
        })
      )
        .json<MemberGroupsPage>()
        .items.map((g) => [g.id, g.qr, g.qrManual])
        .sort();
    const seeded = [
      [
        DEMO_GROUP_IDS.forexFacebook,
        DEMO_GROUP_QR_FILES.forexFacebook.qr,
        DEMO_GROUP_QR_FILES.forexFacebook.qrManual,
      ],
      [DEMO_GROUP_IDS.forexLine, DEMO_GROUP_QR_FILES.forexLine.qr, DEMO_GROUP_QR_FILES.forexLine.qrManual],
    ].sort();
    const app = await start(env);
    expect(await qrs(app)).toEqual(seeded);

    // as seeded before the QR images: none on either group; staff then gave the LINE group a QR of their own
    await app.kit.orm.em.fork().execute(`update member_groups set qr = null, qr_manual = null`);
    const put = await app.inject({
      method: 'PUT',
      url: `/admin/member-groups/${DEMO_GROUP_IDS.forexLine}`,
      headers: staff,
      payload: { qr: 'staffs-own.png' },
    });
    expect(put.statusCode).toBe(200);
    for (const a of apps.splice(0)) await a.close();

    const filled = [
      [
        DEMO_GROUP_IDS.forexFacebook,
        DEMO_GROUP_QR_FILES.forexFacebook.qr,
        DEMO_GROUP_QR_FILES.forexFacebook.qrManual,
      ],
      [DEMO_GROUP_IDS.forexLine, 'staffs-own.png', null],
    ].sort();
    expect(await qrs(await start(env))).toEqual(filled);
    for (const a of apps.splice(0)) await a.close();
    expect(await qrs(await start(env))).toEqual(filled); // idempotent
  });

  it('seeds once: a restart after staff deleted a demo course does not bring it back; two replicas seed once', async () => {
    const env = await newEnv();
    // tables first, so the two replicas below race on the seeding, not on the migrations
    await (await start(env, {})).close();
    apps.length = 0;
    const [a, b] = await Promise.all([start(env), start(env)]);
    expect((await staffList(a!)).total).toBe(3);
    expect((await staffList(b!)).total).toBe(3);
    const del = await a!.inject({
      method: 'DELETE',
      url: `/admin/courses/${DEMO_COURSE_IDS.setStocks}`,
      headers: staff,
    });
    expect(del.statusCode).toBe(204);
    for (const app of apps.splice(0)) await app.close();

    const again = await start(env);
    expect((await staffList(again)).items.map((c) => c.code).sort()).toEqual(['FXB-2027', 'PAM-2027']);
  });

  it('adds nothing when the setting is off (the default)', async () => {
    const app = await start(await newEnv(), {});
    expect((await staffList(app)).total).toBe(0);
  });
});
