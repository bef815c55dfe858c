import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import type { Problem } from '@rian/proto-contracts/errors';
import type {
  UserDetailList,
  UserDetailView,
  UserPortList,
  UserPortView,
} from '@rian/proto-contracts/learning-watch';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { ContentFixtures } from '../content-fixtures.js';
import { bearer, startLearning } from '../helpers.js';

/** Spec 01 §7 userDetail and userPort: list, find, create, delete of the member's own; staff read all. */
describe('UserDetail and UserPort', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let issuer: TestTokenIssuer;
  let video: string;
  const [a, b] = [`a-${uuidv7()}`, `b-${uuidv7()}`];
  let ha: { authorization: string };
  let hb: { authorization: string };

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startLearning(env, issuer);
    const course = (await app.courses.create({ title: 'คอร์ส' }, null)).id;
    video = await new ContentFixtures(app).vimeoVideo(course);
    ha = bearer(await issuer.member(a));
    hb = bearer(await issuer.member(b));
  });

  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
  });

  it('a member keeps viewing notes: create, list newest first, find, delete; another member sees none of them', async () => {
    const post = (payload: object) =>
      app.inject({ method: 'POST', url: '/member/user-details', headers: ha, payload });
    const first = await post({ videoId: video, timeStart: 0, timeEnd: 60, timeTotal: 60, event: 'pause' });
    expect(first.statusCode).toBe(201);
    const second = (
      await post({ videoId: video, timeStart: 60, timeEnd: 90, timeTotal: 30 })
    ).json<UserDetailView>();
    expect(second).toMatchObject({ userId: a, videoId: video, timeEnd: 90, event: null });

    const list = (await app.inject({ url: '/member/user-details', headers: ha })).json<UserDetailList>();
    expect(list.items.map((i) => i.id)).toEqual([second.id, first.json<UserDetailView>().id]);
    expect(list.total).toBe(2);
    expect(
      (await app.inject({ url: '/member/user-details', headers: hb })).json<UserDetailList>().total,
    ).toBe(0);

    const theirs = await app.inject({ url: `/member/user-details/${second.id}`, headers: hb });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json<Problem>().code).toBe('learning.user_detail_not_found');
    const del = (h: Record<string, string>) =>
      app.inject({ method: 'DELETE', url: `/member/user-details/${second.id}`, headers: h });
    expect((await del(hb)).statusCode).toBe(404);
    expect((await del(ha)).statusCode).toBe(204);
    expect((await app.inject({ url: `/member/user-details/${second.id}`, headers: ha })).statusCode).toBe(
      404,
    );
  });

  it('a note of an unknown video or ending before it starts is refused field by field', async () => {
    const unknown = await app.inject({
      method: 'POST',
      url: '/member/user-details',
      headers: ha,
      payload: { videoId: uuidv7(), timeStart: 0, timeEnd: 10, timeTotal: 10 },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<Problem>().errors?.[0]).toMatchObject({
      field: 'videoId',
      code: 'learning.video_unknown',
    });
    const backwards = await app.inject({
      method: 'POST',
      url: '/member/user-details',
      headers: ha,
      payload: { videoId: video, timeStart: 50, timeEnd: 10, timeTotal: 10 },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<Problem>().errors?.[0]?.field).toBe('timeEnd');
  });

  it('portfolio figures: the member adds and deletes their own; staff read every member’s or one member’s', async () => {
    const add = (h: Record<string, string>, payload: object) =>
      app.inject({ method: 'POST', url: '/member/user-ports', headers: h, payload });
    const mine = (await add(ha, { value: 125000.5, style: ' VI ', year: 2026 })).json<UserPortView>();
    expect(mine).toMatchObject({ userId: a, value: 125000.5, style: 'VI', note: null, year: 2026 });
    await add(hb, { value: -300, year: 2025, note: 'ขาดทุน' });
    expect((await add(ha, { value: 1, year: 1800 })).statusCode).toBe(400);

    const staff = bearer(await issuer.staff('staff'));
    const one = (
      await app.inject({ url: `/admin/user-ports?userId=${b}`, headers: staff })
    ).json<UserPortList>();
    expect(one.items.map((p) => p.value)).toEqual([-300]);
    const all = (await app.inject({ url: '/admin/user-ports', headers: staff })).json<UserPortList>();
    expect(all.total).toBe(2);
    expect(
      (await app.inject({ url: `/admin/user-ports/${mine.id}`, headers: staff })).json<UserPortView>().id,
    ).toBe(mine.id);
    expect((await app.inject({ url: `/member/user-ports/${mine.id}`, headers: hb })).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'DELETE', url: `/member/user-ports/${mine.id}`, headers: ha })).statusCode,
    ).toBe(204);
  });
});
