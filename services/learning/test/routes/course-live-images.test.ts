import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import type { Problem } from '@rian/proto-contracts/errors';
import type { CourseStaff } from '@rian/proto-contracts/learning';
import type { LiveStreamWithKey, LiveWatch } from '@rian/proto-contracts/learning-live';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { addDays, bangkokDay } from '../../src/domain/access.js';
import { LearningCourseLiveImages } from '../../src/migrations/0014-course-live-images.js';
import { bearer, startLearning } from '../helpers.js';

const NAME = 'a1b2c3d4e5f60718293a4b5c6d7e8f90.jpg';
const OTHER = '0123456789abcdef0123456789abcdef.webp';

/**
 * A course's two live pictures (issue 15; spec 02 §7 courses UpdateLiveStreaming, uploads
 * CoursesLiveStreaming / CoursesLiveTrade): only what media answered for an upload of the right
 * kind, staff only, null clears; a member watching through the course gets them as the poster.
 */
describe('course live pictures', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let staff: string;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startLearning(env, issuer);
    staff = await issuer.staff('staff');
  });

  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
    app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const ok = async <T>(p: ReturnType<typeof call>, status = 200): Promise<T> => {
    const res = await p;
    expect(res.statusCode, res.body).toBe(status);
    return res.json<T>();
  };
  const newCourse = () =>
    ok<CourseStaff>(call('POST', '/admin/courses', staff, { title: `ไลฟ์ ${uuidv7().slice(-6)}` }), 201);
  const liveStreaming = (courseId: string, body: object, token = staff) =>
    call('PUT', `/admin/courses/${courseId}/live-streaming`, token, {
      liveStreaming: 'Y',
      liveStreamingId: null,
      ...body,
    });
  const read = (courseId: string) => ok<CourseStaff>(call('GET', `/admin/courses/${courseId}`, staff));

  it('staff set each picture as media named it (a stored name or its URL), keep it when absent, clear it with null or ""', async () => {
    const c = await newCourse();
    const set = await ok<CourseStaff>(
      liveStreaming(c.id, {
        liveStreamingPath: NAME,
        liveTradePath: `/api/media/images/live-trade/${OTHER}`,
      }),
    );
    expect(set).toMatchObject({
      liveStreamingPath: NAME,
      liveTradePath: `/api/media/images/live-trade/${OTHER}`,
    });
    // absent keeps both; an https URL media answered (a CDN base) is taken too
    const url = `https://cdn.rian.example/media/images/live-streaming/${OTHER}`;
    await ok(liveStreaming(c.id, { liveStreamingPath: url }));
    expect(await read(c.id)).toMatchObject({
      liveStreamingPath: url,
      liveTradePath: `/api/media/images/live-trade/${OTHER}`,
    });
    // null clears one, "" (an emptied field) the other
    await ok(liveStreaming(c.id, { liveStreamingPath: null, liveTradePath: '' }));
    expect(await read(c.id)).toMatchObject({ liveStreamingPath: null, liveTradePath: null });
    // the course's own edit takes the same pictures
    await ok(call('PUT', `/admin/courses/${c.id}`, staff, { liveTradePath: NAME }));
    expect((await read(c.id)).liveTradePath).toBe(NAME);
  });

  it('anything else is 400 problem+json on its field, in Thai, and nothing changes', async () => {
    const c = await newCourse();
    await ok(liveStreaming(c.id, { liveStreamingPath: NAME, liveTradePath: OTHER }));
    const cases: [string, string, string, string][] = [
      ['liveStreamingPath', 'live.png', 'validation.format', 'รูปแบบข้อมูลไม่ถูกต้อง'],
      ['liveStreamingPath', 'javascript:alert(1)//' + NAME, 'validation.format', 'รูปแบบข้อมูลไม่ถูกต้อง'],
      [
        'liveStreamingPath',
        `data:image/png;base64,iVBORw0KGgo/images/live-streaming/${NAME}`,
        'validation.format',
        'รูปแบบข้อมูลไม่ถูกต้อง',
      ],
      [
        'liveStreamingPath',
        `http://tracker.example/images/live-streaming/${NAME}`,
        'validation.format',
        'รูปแบบข้อมูลไม่ถูกต้อง',
      ],
      // a picture of another kind: the trade picture is not the streaming one, nor a product's
      ['liveStreamingPath', `/api/media/images/live-trade/${NAME}`, 'validation.format', 'รูปแบบข้อมูลไม่ถูกต้อง'],
      ['liveTradePath', `/api/media/images/product/${NAME}`, 'validation.format', 'รูปแบบข้อมูลไม่ถูกต้อง'],
      ['liveTradePath', `/api/media/images/live-trade/../${NAME}`, 'validation.format', 'รูปแบบข้อมูลไม่ถูกต้อง'],
      ['liveTradePath', NAME.toUpperCase(), 'validation.format', 'รูปแบบข้อมูลไม่ถูกต้อง'],
      [
        'liveTradePath',
        `https://${'a'.repeat(260)}.example/images/live-trade/${NAME}`,
        'validation.too_long',
        'ข้อมูลยาวเกินไป',
      ],
    ];
    for (const [field, value, code, th] of cases) {
      for (const res of [
        await liveStreaming(c.id, { [field]: value }),
        await call('PUT', `/admin/courses/${c.id}`, staff, { [field]: value }),
      ]) {
        expect(res.statusCode, value).toBe(400);
        expect(res.headers['content-type']).toContain('application/problem+json');
        expect(res.json<Problem>().errors, value).toContainEqual({ field, code, message: th });
      }
    }
    expect(await read(c.id)).toMatchObject({ liveStreamingPath: NAME, liveTradePath: OTHER });
  });

  it('only staff change them: a member 403, nobody 401, nothing changes', async () => {
    const c = await newCourse();
    await ok(liveStreaming(c.id, { liveStreamingPath: NAME }));
    const member = await issuer.member(`m-${uuidv7()}`, { status: 'Premium' });
    expect((await liveStreaming(c.id, { liveStreamingPath: null }, member)).statusCode).toBe(403);
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `/admin/courses/${c.id}/live-streaming`,
          payload: { liveStreaming: 'Y', liveStreamingId: null, liveStreamingPath: null },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await call('PUT', `/admin/courses/${c.id}`, member, { liveStreamingPath: null })).statusCode,
    ).toBe(403);
    expect((await read(c.id)).liveStreamingPath).toBe(NAME);
  });

  it("a member watching through the course gets its pictures for the player's poster", async () => {
    const s = await ok<LiveStreamWithKey>(
      call('POST', '/admin/live-streams', staff, { name: 'ไลฟ์เย็นนี้' }),
      201,
    );
    const c = await newCourse();
    await ok(
      liveStreaming(c.id, {
        liveStreamingId: s.id,
        liveStreamingPath: NAME,
        liveTradePath: `/api/media/images/live-trade/${OTHER}`,
      }),
    );
    const userId = `m-${uuidv7()}`;
    await app.enrolmentAdmin.grant(
      { userId, courseId: c.id, start: addDays(bangkokDay(new Date()), -1) },
      'staff-1',
    );
    const member = await issuer.member(userId, { status: 'Premium' });
    const watch = await ok<LiveWatch>(call('GET', `/member/live/${s.id}`, member));
    expect(watch).toMatchObject({
      courseId: c.id,
      playbackUrl: null,
      courseImages: { liveStreamingPath: NAME, liveTradePath: `/api/media/images/live-trade/${OTHER}` },
    });
    // someone else may not watch it: still 404, no pictures
    const other = await issuer.member(`m-${uuidv7()}`, { status: 'Premium' });
    const refused = await call('GET', `/member/live/${s.id}`, other);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain(NAME);
  });
});

describe('migration 0014: earlier free-text pictures', () => {
  let env: TestEnv;
  let app: ServiceApp;

  beforeAll(async () => {
    env = await createTestEnv();
    app = await startLearning(env, await TestTokenIssuer.create());
  });

  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
  });

  it('clears what no upload could have made and keeps what media named', async () => {
    const em = app.kit.orm.em.fork();
    const kept = { id: uuidv7(), s: NAME, t: `/api/media/images/live-trade/${OTHER}` };
    const cleared = { id: uuidv7(), s: 'live.png', t: `/api/media/images/live-streaming/${OTHER}` };
    for (const c of [kept, cleared])
      await em.execute(
        `insert into courses (course_id, title, live_streaming_path, live_trade_path, created_at, updated_at)
         values (?, 'legacy', ?, ?, now(), now())`,
        [c.id, c.s, c.t],
      );
    const migration = new LearningCourseLiveImages(app.kit.orm.em.getDriver(), app.kit.orm.config);
    await migration.up();
    for (const sql of migration.getQueries()) await em.execute(sql as string);
    const rows = (await em.execute(
      `select course_id, live_streaming_path, live_trade_path from courses where course_id in (?, ?)`,
      [kept.id, cleared.id],
    )) as { course_id: string; live_streaming_path: string | null; live_trade_path: string | null }[];
    const by = new Map(rows.map((r) => [r.course_id, r]));
    expect(by.get(kept.id)).toMatchObject({ live_streaming_path: kept.s, live_trade_path: kept.t });
    expect(by.get(cleared.id)).toMatchObject({ live_streaming_path: null, live_trade_path: null });
  });
});
