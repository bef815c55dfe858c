import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import type { Problem } from '@rian/proto-contracts/errors';
import type { CourseStaff } from '@rian/proto-contracts/learning';
import {
  VideoChanged,
  VideoDeleted,
  type VideosPage,
  type VideoStaff,
} from '@rian/proto-contracts/learning-content';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { bearer, startLearning } from '../helpers.js';
import { learningEvents, videoAssetChanged } from '../content-events.js';

/** /admin/videos (spec 01 §3 "Video"; the SPA's /admin/video): sources, embeds, uploads, events. */
describe('admin videos', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let media: TestBus;
  let staff: string;
  let course: CourseStaff;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startLearning(env, issuer);
    media = await TestBus.open(env, 'media');
    staff = await issuer.staff('staff');
    course = (await call('POST', '/admin/courses', staff, { title: 'วิดีโอ' })).json<CourseStaff>();
  });

  afterAll(async () => {
    await app?.close();
    await media?.close();
    await env?.cleanup();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
    app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const create = async (body: object) => {
    const res = await call('POST', '/admin/videos', staff, { courseId: course.id, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<VideoStaff>();
  };

  it('staff add a Vimeo video with the defaults, change it to HLS, and delete it; each change is an event', async () => {
    const v = await create({ name: ' บทนำ ', vimeoId: '76979871', durationSeconds: 600 });
    expect(v).toMatchObject({
      courseId: course.id,
      source: 'vimeo',
      vimeoId: '76979871',
      hlsUrl: null,
      embedUrl: null,
      assetId: null,
      name: 'บทนำ',
      item: 1,
      status: 'create',
      durationSeconds: 600,
      asset: null,
      documents: [],
    });
    const put = await call('PUT', `/admin/videos/${v.id}`, staff, {
      source: 'hls',
      hlsUrl: 'https://cdn.example.com/lesson/master.m3u8',
      status: 'show',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<VideoStaff>()).toMatchObject({
      source: 'hls',
      vimeoId: null,
      hlsUrl: 'https://cdn.example.com/lesson/master.m3u8',
      status: 'show',
      durationSeconds: 600,
    });
    expect((await call('GET', `/admin/videos/${v.id}`, staff)).json<VideoStaff>().status).toBe('show');
    const changed = await learningEvents(env, VideoChanged, (d) => d.id === v.id, 2);
    expect(changed[1]!.data).toMatchObject({ source: 'hls', status: 'show', courseId: course.id });

    expect((await call('DELETE', `/admin/videos/${v.id}`, staff)).statusCode).toBe(204);
    expect((await call('GET', `/admin/videos/${v.id}`, staff)).statusCode).toBe(404);
    const [deleted] = await learningEvents(env, VideoDeleted, (d) => d.id === v.id);
    expect(deleted!.data.courseId).toBe(course.id);
  });

  it('an embed or iframe is kept as its Vimeo / YouTube player URL; other code is refused', async () => {
    const iframe = await create({
      name: 'YouTube',
      source: 'iframe',
      embedCode:
        '<iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ?si=x" onload="alert(1)"></iframe>',
    });
    expect(iframe.embedUrl).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ?si=x');
    expect(JSON.stringify(iframe)).not.toContain('onload');
    const embed = await create({
      name: 'Vimeo',
      source: 'embed',
      embedCode: 'https://player.vimeo.com/video/1',
    });
    expect(embed.embedUrl).toBe('https://player.vimeo.com/video/1');

    for (const embedCode of [
      '<iframe src="https://evil.example/player"></iframe>',
      '<script>alert(1)</script>',
      'javascript:alert(1)',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    ]) {
      const res = await call('POST', '/admin/videos', staff, {
        courseId: course.id,
        name: 'x',
        source: 'iframe',
        embedCode,
      });
      expect(res.statusCode, embedCode).toBe(400);
      expect(res.json<Problem>().errors).toContainEqual({
        field: 'embedCode',
        code: 'learning.embed_not_allowed',
        message: 'ฝังได้เฉพาะวิดีโอจาก Vimeo หรือ YouTube',
      });
    }
  });

  it('bad input answers 400 with the Thai message of each rule', async () => {
    const ok = { courseId: course.id, name: 'x' };
    for (const [body, field, code, th] of [
      [{ courseId: course.id, vimeoId: '1' }, 'name', 'validation.required', 'กรุณากรอกข้อมูล'],
      [{ ...ok, name: '  ', vimeoId: '1' }, 'name', 'validation.required', 'กรุณากรอกข้อมูล'],
      [{ ...ok }, 'vimeoId', 'validation.required', 'กรุณากรอกข้อมูล'],
      [{ ...ok, vimeoId: 'vimeo.com/1' }, 'vimeoId', 'validation.format', 'รูปแบบข้อมูลไม่ถูกต้อง'],
      [{ ...ok, source: 'hls' }, 'hlsUrl', 'validation.required', 'กรุณากรอกข้อมูล'],
      [
        { ...ok, source: 'hls', hlsUrl: 'http://cdn.example.com/a.m3u8' },
        'hlsUrl',
        'validation.https_url',
        'ลิงก์ต้องขึ้นต้นด้วย https://',
      ],
      [{ ...ok, source: 'upload' }, 'assetId', 'validation.required', 'กรุณากรอกข้อมูล'],
      [{ ...ok, source: 'dsm' }, 'source', 'validation.format', 'รูปแบบข้อมูลไม่ถูกต้อง'],
      [{ ...ok, vimeoId: '1', status: 'draft' }, 'status', 'validation.format', 'รูปแบบข้อมูลไม่ถูกต้อง'],
      [
        { ...ok, vimeoId: '1', durationSeconds: -1 },
        'durationSeconds',
        'validation.format',
        'รูปแบบข้อมูลไม่ถูกต้อง',
      ],
      [
        { ...ok, courseId: uuidv7(), vimeoId: '1' },
        'courseId',
        'learning.course_unknown',
        'ไม่พบคอร์สนี้ กรุณาเลือกจากรายการ',
      ],
    ] as const) {
      const res = await call('POST', '/admin/videos', staff, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<Problem>().errors, JSON.stringify(body)).toContainEqual({ field, code, message: th });
    }
  });

  it("an uploaded video shows its asset's state, and takes its duration when media says it is ready", async () => {
    const assetId = uuidv7();
    // staff create the video right after the upload: media's first event may not be here yet
    const v = await create({ name: 'อัปโหลด', source: 'upload', assetId });
    expect(v).toMatchObject({ source: 'upload', assetId, asset: null, durationSeconds: null });

    await media.deliver(
      videoAssetChanged(assetId, {
        status: 'transcoding',
        progress: 35,
        changedAt: '2026-11-26T01:00:00.000Z',
      }),
      'learning',
    );
    expect((await call('GET', `/admin/videos/${v.id}`, staff)).json<VideoStaff>().asset).toEqual({
      status: 'transcoding',
      progress: 35,
      error: null,
      durationSeconds: null,
      poster: null,
      originalName: 'lesson-1.mp4',
    });

    await media.deliver(
      videoAssetChanged(assetId, {
        status: 'ready',
        progress: 100,
        durationSeconds: 6.6,
        playlist: 'master.m3u8',
        poster: 'poster.jpg',
        changedAt: '2026-11-26T01:02:00.000Z',
      }),
      'learning',
    );
    const ready = (await call('GET', `/admin/videos/${v.id}`, staff)).json<VideoStaff>();
    expect(ready).toMatchObject({
      durationSeconds: 7,
      asset: { status: 'ready', progress: 100, poster: 'poster.jpg' },
    });
    const [changed] = await learningEvents(
      env,
      VideoChanged,
      (d) => d.id === v.id && d.durationSeconds === 7,
    );
    expect(changed!.data.assetId).toBe(assetId);

    // a video made from an asset already ready takes its duration at once
    const second = await create({ name: 'อีกตอน', source: 'upload', assetId });
    expect(second.durationSeconds).toBe(7);

    // a failed asset shows why
    const broken = uuidv7();
    const b = await create({ name: 'เสีย', source: 'upload', assetId: broken });
    await media.deliver(
      videoAssetChanged(broken, { status: 'failed', progress: 0, error: 'ffmpeg: invalid data found' }),
      'learning',
    );
    expect((await call('GET', `/admin/videos/${b.id}`, staff)).json<VideoStaff>().asset).toMatchObject({
      status: 'failed',
      error: 'ffmpeg: invalid data found',
    });
  });

  it('the list filters by course, source and status, searches names and sorts by item', async () => {
    const other = (await call('POST', '/admin/courses', staff, { title: 'อื่น' })).json<CourseStaff>();
    const tag = uuidv7().slice(-6);
    const b = await create({ name: `B ${tag}`, vimeoId: '2', item: 2 });
    const a = await create({ name: `A ${tag}`, vimeoId: '1', item: 1, status: 'show' });
    const elsewhere = (
      await call('POST', '/admin/videos', staff, { courseId: other.id, name: `C ${tag}`, vimeoId: '3' })
    ).json<VideoStaff>();
    const page = async (qs: string) => (await call('GET', `/admin/videos?${qs}`, staff)).json<VideosPage>();
    expect((await page(`q=${tag}&courseId=${course.id}`)).items.map((v) => v.id)).toEqual([a.id, b.id]);
    expect((await page(`q=${tag}&courseId=${course.id}&sort=-item`)).items.map((v) => v.id)).toEqual([
      b.id,
      a.id,
    ]);
    expect((await page(`q=${tag}&courseId=${other.id}`)).items.map((v) => v.id)).toEqual([elsewhere.id]);
    expect((await page(`q=${tag}&status=show`)).items.map((v) => v.id)).toEqual([a.id]);
    expect((await page(`q=${tag}&source=hls`)).total).toBe(0);
  });

  it('only staff: anonymous 401, a member 403', async () => {
    const v = await create({ name: 'x', vimeoId: '1' });
    const member = await issuer.member(uuidv7(), { status: 'Premium' });
    for (const [method, url, body] of [
      ['GET', '/admin/videos', undefined],
      ['GET', `/admin/videos/${v.id}`, undefined],
      ['POST', '/admin/videos', { courseId: course.id, name: 'x', vimeoId: '1' }],
      ['PUT', `/admin/videos/${v.id}`, { name: 'y' }],
      ['DELETE', `/admin/videos/${v.id}`, undefined],
    ] as const) {
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, member, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call('GET', `/admin/videos/${v.id}`, staff)).json<VideoStaff>().name).toBe('x');
  });
});
