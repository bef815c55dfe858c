import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import { DEV_MEDIA_URL_SECRET, mediaSignatureValid } from '@rian/kit/signed-url';
import type { Problem } from '@rian/proto-contracts/errors';
import type { CourseStaff } from '@rian/proto-contracts/learning';
import {
  DocumentChanged,
  DocumentDeleted,
  DocumentListChanged,
  DocumentListDeleted,
  type DocumentListsPage,
  type DocumentListStaff,
  type DocumentsPage,
  type DocumentStaff,
  type DocumentUrl,
  type SessionStaff,
  type VideoStaff,
} from '@rian/proto-contracts/learning-content';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { bearer, startLearning } from '../helpers.js';
import { fileStored, learningEvents } from '../content-events.js';

/**
 * /admin/documents (spec 02 §3 "Document"; the SPA's /admin/document) and /admin/document-lists
 * (spec "Document list": ByVideosId, ByCoursesDetailTimeId, ByCoursesId).
 */
describe('admin documents and document lists', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let media: TestBus;
  let staff: string;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startLearning(env, issuer);
    media = await TestBus.open(env, 'media');
    staff = await issuer.staff('staff');
  });

  afterAll(async () => {
    await app?.close();
    await media?.close();
    await env?.cleanup();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
    app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const created = async <T>(url: string, body: object): Promise<T> => {
    const res = await call('POST', url, staff, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<T>();
  };
  /** a private document file media stored and told learning of */
  const file = async (filename = 'บทที่-1.pdf') => {
    const e = fileStored({ filename });
    await media.deliver(e, 'learning');
    return e.data.fileId;
  };
  /** a file as media stores it now: `<fileId>.pdf`, with the name it was uploaded under */
  const namedFile = async (originalName: string) => {
    const fileId = uuidv7();
    await media.deliver(fileStored({ fileId, filename: `${fileId}.pdf`, originalName }), 'learning');
    return fileId;
  };
  const course = () => created<CourseStaff>('/admin/courses', { title: `คอร์ส ${uuidv7().slice(-6)}` });

  it('staff add a document for a stored file, change and delete it; each change is an event', async () => {
    const fileId = await file();
    const d = await created<DocumentStaff>('/admin/documents', { name: ' สไลด์บทที่ 1 ', fileId, type: 'pdf' });
    expect(d).toMatchObject({
      name: 'สไลด์บทที่ 1',
      detail: null,
      type: 'pdf',
      position: 1,
      fileId,
      img: null,
      file: { fileId, filename: 'บทที่-1.pdf', contentType: 'application/pdf', bytes: 20_480 },
    });
    const put = await call('PUT', `/admin/documents/${d.id}`, staff, { position: 3, detail: 'อ่านก่อนเรียน' });
    expect(put.json<DocumentStaff>()).toMatchObject({ position: 3, detail: 'อ่านก่อนเรียน', fileId });
    const events = await learningEvents(env, DocumentChanged, (x) => x.id === d.id, 2);
    expect(events[1]!.data).toMatchObject({ position: 3, fileId });

    expect((await call('DELETE', `/admin/documents/${d.id}`, staff)).statusCode).toBe(204);
    expect((await call('GET', `/admin/documents/${d.id}`, staff)).json<Problem>()).toMatchObject({
      status: 404,
      code: 'learning.document_not_found',
    });
    await learningEvents(env, DocumentDeleted, (x) => x.id === d.id);
  });

  it('shows the name a file was uploaded under beside the name media stored it as', async () => {
    const fileId = await namedFile('lesson-notes.pdf');
    const d = await created<DocumentStaff>('/admin/documents', { name: 'โน้ตบทเรียน', fileId });
    const named = { fileId, filename: `${fileId}.pdf`, originalName: 'lesson-notes.pdf' };
    expect(d.file).toMatchObject(named);
    expect((await call('GET', `/admin/documents/${d.id}`, staff)).json<DocumentStaff>().file).toMatchObject(
      named,
    );
    const page = (await call('GET', '/admin/documents?q=โน้ตบทเรียน', staff)).json<DocumentsPage>();
    expect(page.items.find((x) => x.id === d.id)?.file).toMatchObject(named);
    // a file media announced without its name: null, not media's stored name
    const older = await created<DocumentStaff>('/admin/documents', { name: 'เก่า', fileId: await file() });
    expect(older.file?.originalName).toBeNull();
  });

  it("signs a short-lived URL of a saved document's file for staff only", async () => {
    const fileId = await namedFile('lesson-notes.pdf');
    const d = await created<DocumentStaff>('/admin/documents', { name: 'เปิดได้', fileId });
    const before = Date.now();
    const res = await call('GET', `/admin/documents/${d.id}/url`, staff);
    expect(res.statusCode, res.body).toBe(200);
    const { url, expiresAt } = res.json<DocumentUrl>();
    const m = /^\/api\/media\/signed\/(\d+)\/([^/]+)\/(document\/[0-9a-f-]+)\/([^/]+)$/.exec(url);
    expect(m, url).not.toBeNull();
    expect(m![3]).toBe(`document/${fileId}`);
    expect(m![4]).toBe(`${fileId}.pdf`);
    const exp = Number(m![1]);
    expect(new Date(expiresAt).getTime()).toBe(exp * 1000);
    // LEARNING_SIGNED_URL_TTL_S: 600 by default
    expect(exp * 1000).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 600_000);
    expect(exp * 1000).toBeLessThanOrEqual(Date.now() + 600_000);
    const check = (secret: string, now: Date) =>
      mediaSignatureValid({ exp, sig: m![2]!, scope: m![3]! }, { secret, now });
    expect(check(DEV_MEDIA_URL_SECRET, new Date())).toBe(true);
    expect(check('another-secret-of-sixteen', new Date())).toBe(false);
    expect(check(DEV_MEDIA_URL_SECRET, new Date((exp + 1) * 1000))).toBe(false);

    expect(
      (await call('GET', `/admin/documents/${d.id}/url`, await issuer.member())).json<Problem>(),
    ).toMatchObject({
      status: 403,
      code: 'auth.forbidden',
    });
    expect((await call('GET', `/admin/documents/${d.id}/url`)).json<Problem>()).toMatchObject({
      status: 401,
      code: 'auth.unauthenticated',
    });
    expect((await call('GET', `/admin/documents/${uuidv7()}/url`, staff)).json<Problem>()).toMatchObject({
      status: 404,
      code: 'learning.document_not_found',
    });
    expect((await call('GET', '/admin/documents/abc/url', staff)).statusCode).toBe(400);
    // a document whose file learning has not heard of (written straight, as an old row could be)
    const orphan = uuidv7();
    await app.kit.orm.em
      .fork()
      .execute(`insert into documents (document_id, name, file_id) values (?, ?, ?)`, [
        orphan,
        'x',
        uuidv7(),
      ]);
    expect((await call('GET', `/admin/documents/${orphan}/url`, staff)).json<Problem>()).toMatchObject({
      status: 404,
      code: 'learning.document_file_not_found',
      messages: { th: 'ยังไม่พบไฟล์ของเอกสารนี้ กรุณาลองใหม่ภายหลัง' },
    });
  });

  it('refuses a file learning has not heard of from media (400 on fileId), on create and on update', async () => {
    const unknown = uuidv7();
    const res = await call('POST', '/admin/documents', staff, { name: 'x', fileId: unknown });
    expect(res.statusCode).toBe(400);
    expect(res.json<Problem>().errors).toContainEqual({
      field: 'fileId',
      code: 'learning.document_file_unknown',
      message: 'ไม่พบไฟล์เอกสารนี้ กรุณาอัปโหลดไฟล์ใหม่',
    });
    // a public image media stored is not a document
    const image = fileStored({
      kind: 'course',
      visibility: 'public',
      contentType: 'image/png',
      width: 1,
      height: 1,
    });
    await media.deliver(image, 'learning');
    expect(
      (await call('POST', '/admin/documents', staff, { name: 'x', fileId: image.data.fileId })).statusCode,
    ).toBe(400);
    const d = await created<DocumentStaff>('/admin/documents', { name: 'ok', fileId: await file() });
    const swap = await call('PUT', `/admin/documents/${d.id}`, staff, { fileId: unknown });
    expect(swap.json<Problem>().errors?.[0]).toMatchObject({
      field: 'fileId',
      code: 'learning.document_file_unknown',
    });
    for (const [body, field, code] of [
      [{ fileId: d.fileId }, 'name', 'validation.required'],
      [{ name: '  ', fileId: d.fileId }, 'name', 'validation.required'],
      [{ name: 'x' }, 'fileId', 'validation.required'],
      [{ name: 'x', fileId: 'abc' }, 'fileId', 'validation.format'],
      [{ name: 'x', fileId: d.fileId, position: 0 }, 'position', 'validation.format'],
    ] as const) {
      const bad = await call('POST', '/admin/documents', staff, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json<Problem>().errors, JSON.stringify(body)).toContainEqual(
        expect.objectContaining({ field, code }),
      );
    }
  });

  it('lists a document on exactly one of a video, a session or a course; they show it; the list reads by each', async () => {
    const c = await course();
    const v = await created<VideoStaff>('/admin/videos', { courseId: c.id, name: 'v', vimeoId: '1' });
    const s = await created<SessionStaff>(`/admin/courses/${c.id}/sessions`, {
      title: 's',
      date: '2026-12-01',
    });
    const d = await created<DocumentStaff>('/admin/documents', { name: 'ชีท', fileId: await file() });

    const onVideo = await created<DocumentListStaff>('/admin/document-lists', {
      documentId: d.id,
      videoId: v.id,
    });
    const onSession = await created<DocumentListStaff>('/admin/document-lists', {
      documentId: d.id,
      sessionId: s.id,
    });
    const onCourse = await created<DocumentListStaff>('/admin/document-lists', {
      documentId: d.id,
      courseId: c.id,
      item: 2,
    });
    expect(onSession).toMatchObject({
      documentId: d.id,
      sessionId: s.id,
      videoId: null,
      courseId: null,
      item: 1,
      document: { id: d.id, name: 'ชีท' },
    });
    await learningEvents(env, DocumentListChanged, (x) => x.documentId === d.id, 3);

    const listed = [{ documentListId: expect.any(String), documentId: d.id, name: 'ชีท', type: null }];
    expect((await call('GET', `/admin/videos/${v.id}`, staff)).json<VideoStaff>().documents).toEqual(listed);
    expect(
      (await call('GET', `/admin/courses/${c.id}/sessions/${s.id}`, staff)).json<SessionStaff>().documents,
    ).toEqual(listed);
    const by = async (qs: string) =>
      (await call('GET', `/admin/document-lists?${qs}`, staff))
        .json<DocumentListsPage>()
        .items.map((l) => l.id);
    expect(await by(`videoId=${v.id}`)).toEqual([onVideo.id]);
    expect(await by(`sessionId=${s.id}`)).toEqual([onSession.id]);
    expect(await by(`courseId=${c.id}`)).toEqual([onCourse.id]);
    expect(await by(`documentId=${d.id}`)).toHaveLength(3);
    // the document list filtered by course finds documents on the course, its sessions or videos
    const other = await created<DocumentStaff>('/admin/documents', { name: 'ไม่เกี่ยว', fileId: await file() });
    const docs = (await call('GET', `/admin/documents?courseId=${c.id}`, staff)).json<DocumentsPage>();
    expect(docs.items.map((x) => x.id)).toEqual([d.id]);
    expect(docs.items.map((x) => x.id)).not.toContain(other.id);

    // order changes; the same place twice is 409
    const moved = await call('PUT', `/admin/document-lists/${onVideo.id}`, staff, { item: 4 });
    expect(moved.json<DocumentListStaff>().item).toBe(4);
    const twice = await call('POST', '/admin/document-lists', staff, { documentId: d.id, sessionId: s.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<Problem>()).toMatchObject({
      code: 'learning.document_list_exists',
      messages: { th: 'เอกสารนี้อยู่ในรายการนี้แล้ว' },
    });

    // deleting the session takes its entry with it, announced
    expect((await call('DELETE', `/admin/courses/${c.id}/sessions/${s.id}`, staff)).statusCode).toBe(204);
    const [gone] = await learningEvents(env, DocumentListDeleted, (x) => x.id === onSession.id);
    expect(gone!.data).toMatchObject({ documentId: d.id, sessionId: s.id });
    expect((await call('GET', `/admin/document-lists/${onSession.id}`, staff)).statusCode).toBe(404);
    // deleting the document takes the rest
    expect((await call('DELETE', `/admin/documents/${d.id}`, staff)).statusCode).toBe(204);
    await learningEvents(env, DocumentListDeleted, (x) => x.id === onVideo.id || x.id === onCourse.id, 2);
    expect(await by(`documentId=${d.id}`)).toEqual([]);
  });

  it('an entry needs exactly one known target and a known document (400 each)', async () => {
    const c = await course();
    const d = await created<DocumentStaff>('/admin/documents', { name: 'x', fileId: await file() });
    for (const [body, field, code, th] of [
      [
        { documentId: d.id },
        'target',
        'learning.document_list_target',
        'กรุณาเลือกวิดีโอ รอบเรียน หรือคอร์ส อย่างใดอย่างหนึ่ง',
      ],
      [
        { documentId: d.id, courseId: c.id, videoId: uuidv7() },
        'target',
        'learning.document_list_target',
        'กรุณาเลือกวิดีโอ รอบเรียน หรือคอร์ส อย่างใดอย่างหนึ่ง',
      ],
      [
        { documentId: uuidv7(), courseId: c.id },
        'documentId',
        'learning.document_unknown',
        'ไม่พบเอกสารนี้ กรุณาเลือกจากรายการ',
      ],
      [
        { documentId: d.id, videoId: uuidv7() },
        'videoId',
        'learning.video_unknown',
        'ไม่พบวิดีโอนี้ในคอร์สนี้ กรุณาเลือกจากรายการ',
      ],
      [
        { documentId: d.id, sessionId: uuidv7() },
        'sessionId',
        'learning.session_unknown',
        'ไม่พบรอบเรียนนี้ กรุณาเลือกจากรายการ',
      ],
      [
        { documentId: d.id, courseId: uuidv7() },
        'courseId',
        'learning.course_unknown',
        'ไม่พบคอร์สนี้ กรุณาเลือกจากรายการ',
      ],
    ] as const) {
      const res = await call('POST', '/admin/document-lists', staff, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<Problem>().errors, JSON.stringify(body)).toContainEqual({ field, code, message: th });
    }
  });

  it('only staff: anonymous 401, a member 403', async () => {
    const c = await course();
    const d = await created<DocumentStaff>('/admin/documents', { name: 'x', fileId: await file() });
    const l = await created<DocumentListStaff>('/admin/document-lists', { documentId: d.id, courseId: c.id });
    const member = await issuer.member(uuidv7(), { status: 'Premium' });
    for (const [method, url, body] of [
      ['GET', '/admin/documents', undefined],
      ['GET', `/admin/documents/${d.id}`, undefined],
      ['POST', '/admin/documents', { name: 'x', fileId: d.fileId }],
      ['PUT', `/admin/documents/${d.id}`, { name: 'y' }],
      ['DELETE', `/admin/documents/${d.id}`, undefined],
      ['GET', '/admin/document-lists', undefined],
      ['GET', `/admin/document-lists/${l.id}`, undefined],
      ['POST', '/admin/document-lists', { documentId: d.id, courseId: c.id }],
      ['PUT', `/admin/document-lists/${l.id}`, { item: 2 }],
      ['DELETE', `/admin/document-lists/${l.id}`, undefined],
    ] as const) {
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, member, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call('DELETE', `/admin/document-lists/${l.id}`, staff)).statusCode).toBe(204);
    await learningEvents(env, DocumentListDeleted, (x) => x.id === l.id);
  });
});
