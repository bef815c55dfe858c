import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import { DEV_MEDIA_URL_SECRET, mediaSignatureValid } from '@rian/kit/signed-url';
import type { ServiceApp } from '@rian/kit/service';
import type { Problem } from '@rian/proto-contracts/errors';
import type { CourseStaff } from '@rian/proto-contracts/learning';
import type { VideoStaff } from '@rian/proto-contracts/learning-content';
import type { PublicCourseList, PublicPreview } from '@rian/proto-contracts/learning-public';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { ContentFixtures } from '../content-fixtures.js';
import { productCoursesChanged } from '../content-events.js';
import { bearer, startLearning } from '../helpers.js';

/** Media's check of a signed URL, as media's /signed route does it. */
function signedValid(url: string, now: Date): boolean {
  const m = /^\/api\/media\/signed\/(\d+)\/([^/]+)\/([a-z-]+\/[0-9a-f-]+)\/(.+)$/.exec(url);
  return (
    !!m &&
    mediaSignatureValid(
      { exp: Number(m[1]), sig: m[2]!, scope: m[3]! },
      { secret: DEV_MEDIA_URL_SECRET, now },
    )
  );
}

/** Issue 13: the public course pages' reads (/course, /course/video/{id}), no token. */
describe('public course pages', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let catalog: TestBus;
  let fx: ContentFixtures;
  let staff: string;

  beforeAll(async () => {
    env = await createTestEnv();
    const issuer = await TestTokenIssuer.create();
    // not cached here: each test changes what is on sale and reads it again
    app = await startLearning(env, issuer, { LEARNING_PUBLIC_CACHE_S: '0' });
    catalog = await TestBus.open(env, 'catalog');
    fx = new ContentFixtures(app);
    staff = await issuer.staff('staff');
  });

  afterAll(async () => {
    await app?.close();
    await catalog?.close();
    await env?.cleanup();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
    app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const post = async <T>(url: string, payload: object) => {
    const res = await call('POST', url, staff, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<T>();
  };
  const list = async () => {
    const res = await call('GET', '/courses/public');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PublicCourseList>().items;
  };
  const course = async (title: string, extra: object = {}) =>
    post<CourseStaff>('/admin/courses', { title, ...extra });
  const onSale = (productId: string, courseIds: string[]) =>
    catalog.deliver(productCoursesChanged(productId, courseIds), 'learning');

  it('lists the open courses a product grants: curriculum, instructors, free previews, products; nothing else', async () => {
    const c = await course('Forex Pro', { code: 'FXP', detail: 'เทรดอย่างมีระบบ', date: '2026-12-01' });
    const teacher = await fx.instructor('อ.สมชาย');
    await fx.session({ courseId: c.id, date: '2026-12-02', title: 'บทนำ', instructorId: teacher });
    await fx.session({ courseId: c.id, date: '2026-12-03', title: 'ห้องเรียน', type: 'real' });
    await fx.session({ courseId: c.id, date: '2026-12-04', title: 'ลับเฉพาะ', view: 'N' });
    const preview = await post<VideoStaff>('/admin/videos', {
      courseId: c.id,
      name: 'ตัวอย่างบทเรียน',
      vimeoId: '76979871',
      status: 'show',
      durationSeconds: 300,
      preview: 'Y',
    });
    expect(preview.preview).toBe('Y');
    // a lesson, a preview not shown yet: neither is public
    await post('/admin/videos', { courseId: c.id, name: 'บทเรียนเต็ม', vimeoId: '1', status: 'show' });
    await post('/admin/videos', { courseId: c.id, name: 'ยังไม่เผยแพร่', vimeoId: '2', preview: 'Y' });
    // an open course no product grants, and a closed course a product grants: not on sale
    const notSold = await course('ยังไม่ขาย');
    const closed = await course('ปิดแล้ว', { status: 'closed' });
    const productId = uuidv7();
    await onSale(productId, [c.id, closed.id, 'legacy-course']);

    const items = await list();
    expect(items.map((i) => i.title)).not.toContain(notSold.title);
    expect(items.map((i) => i.title)).not.toContain(closed.title);
    expect(items.find((i) => i.id === c.id)).toEqual({
      id: c.id,
      title: 'Forex Pro',
      code: 'FXP',
      detail: 'เทรดอย่างมีระบบ',
      date: '2026-12-01',
      instructors: [{ id: teacher, name: 'อ.สมชาย', img: 'instructor.webp' }],
      items: [
        { title: 'บทนำ', type: 'video', date: '2026-12-02' },
        { title: 'ห้องเรียน', type: 'real', date: '2026-12-03' },
      ],
      previews: [{ id: preview.id, name: 'ตัวอย่างบทเรียน', durationSeconds: 300 }],
      productIds: [productId],
    });
    expect(JSON.stringify(items)).not.toMatch(/ลับเฉพาะ|บทเรียนเต็ม|ยังไม่เผยแพร่/);
  });

  it('plays a free preview of a course on sale as a lesson plays; a non-preview or hidden video or a course off sale is 404', async () => {
    const c = await course('Gold Trading');
    const productId = uuidv7();
    await onSale(productId, [c.id]);
    const upload = await fx.uploadVideo(c.id);
    const lesson = await fx.vimeoVideo(c.id);

    // not marked: 404, with the Thai message
    const before = await call('GET', `/courses/public/videos/${upload.id}`);
    expect(before.statusCode).toBe(404);
    expect(before.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(before.json<Problem>()).toMatchObject({
      code: 'learning.video_not_found',
      messages: { th: 'ไม่พบวิดีโอนี้' },
    });

    expect((await call('PUT', `/admin/videos/${upload.id}`, staff, { preview: 'Y' })).statusCode).toBe(200);
    const now = new Date();
    const res = await call('GET', `/courses/public/videos/${upload.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<PublicPreview>();
    expect(body.course).toEqual({ id: c.id, title: 'Gold Trading', productIds: [productId] });
    expect(body.video).toMatchObject({ id: upload.id, source: 'upload', name: 'บทเรียนที่ 1' });
    expect(body.video.playbackUrl).toMatch(new RegExp(`/hls/${upload.assetId}/master\\.m3u8$`));
    expect(signedValid(body.video.playbackUrl!, now)).toBe(true);
    expect(signedValid(body.video.playbackUrl!, new Date(now.getTime() + 601_000))).toBe(false);
    expect(body.video.posterUrl).toMatch(/poster\.jpg$/);

    // a Vimeo lesson not marked as a preview: 404; marked: its Vimeo id as a member reads it
    expect((await call('GET', `/courses/public/videos/${lesson}`)).statusCode).toBe(404);
    await call('PUT', `/admin/videos/${lesson}`, staff, { preview: 'Y' });
    expect((await call('GET', `/courses/public/videos/${lesson}`)).json<PublicPreview>().video).toMatchObject(
      {
        source: 'vimeo',
        vimeoId: '123456',
        playbackUrl: null,
      },
    );

    // hidden by staff: 404
    await call('PUT', `/admin/videos/${lesson}`, staff, { status: 'hide' });
    expect((await call('GET', `/courses/public/videos/${lesson}`)).statusCode).toBe(404);

    // the course leaves the product: off sale, its preview 404s and it leaves the list
    await catalog.deliver(productCoursesChanged(productId, [], 2), 'learning');
    expect((await call('GET', `/courses/public/videos/${upload.id}`)).statusCode).toBe(404);
    expect((await list()).map((i) => i.id)).not.toContain(c.id);

    // back on sale, then closed by staff: 404 again
    await catalog.deliver(productCoursesChanged(productId, [c.id], 3), 'learning');
    expect((await call('GET', `/courses/public/videos/${upload.id}`)).statusCode).toBe(200);
    await call('PUT', `/admin/courses/${c.id}`, staff, { status: 'closed' });
    expect((await call('GET', `/courses/public/videos/${upload.id}`)).statusCode).toBe(404);

    expect((await call('GET', `/courses/public/videos/${uuidv7()}`)).statusCode).toBe(404);
    expect((await call('GET', '/courses/public/videos/nope')).statusCode).toBe(400);
  });

  it('with caching on, the list is kept in Redis: a change shows once the entry is gone', async () => {
    const issuer = await TestTokenIssuer.create();
    const cached = await startLearning(env, issuer, { LEARNING_PUBLIC_CACHE_S: '60' });
    try {
      const c = await course('Cached course');
      await onSale(uuidv7(), [c.id]);
      const read = async () =>
        (await cached.inject({ method: 'GET', url: '/courses/public' })).json<PublicCourseList>().items;
      expect((await read()).map((i) => i.id)).toContain(c.id);
      await call('PUT', `/admin/courses/${c.id}`, staff, { status: 'closed' });
      expect((await list()).map((i) => i.id)).not.toContain(c.id);
      expect((await read()).map((i) => i.id)).toContain(c.id);
      await cached.kit.redis.del('learning:public-courses');
      expect((await read()).map((i) => i.id)).not.toContain(c.id);
    } finally {
      await cached.close();
    }
  });
});
