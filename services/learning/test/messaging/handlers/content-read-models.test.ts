import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import type { ServiceApp } from '@rian/kit/service';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { startLearning } from '../../helpers.js';
import { fileStored, instructorChanged, instructorDeleted, videoAssetChanged } from '../../content-events.js';

/**
 * The read models learning's content checks against, fed as catalog's and media's relays publish:
 * instructors (a session's instructor), media's private documents (a document's file) and video
 * assets (an uploaded video's state).
 */
describe('content read models', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let catalog: TestBus;
  let media: TestBus;

  beforeAll(async () => {
    env = await createTestEnv();
    app = await startLearning(env, await TestTokenIssuer.create());
    catalog = await TestBus.open(env, 'catalog');
    media = await TestBus.open(env, 'media');
  });

  afterAll(async () => {
    await app?.close();
    await catalog?.close();
    await media?.close();
    await env?.cleanup();
  });

  const rows = async <T>(sql: string, params: unknown[]) =>
    (await app.kit.orm.em.fork().execute(sql, params)) as T[];
  const instructor = async (id: string) =>
    (
      await rows<{ name: string; img: string | null; hidden: boolean; deleted: boolean }>(
        `select name, img, hidden, deleted_at is not null as deleted from instructors where instructor_id = ?`,
        [id],
      )
    )[0];

  it('catalog.instructor.changed keeps the newest name, picture and hidden flag', async () => {
    const id = uuidv7();
    await catalog.deliver(instructorChanged(id, { updatedAt: '2026-11-20T01:00:00.000Z' }), 'learning');
    expect(await instructor(id)).toEqual({
      name: 'อ.สมชาย',
      img: 'somchai.webp',
      hidden: false,
      deleted: false,
    });

    await catalog.deliver(
      instructorChanged(id, {
        name: 'อ.สมชาย ใจดี',
        hide: 'Y',
        img: null,
        updatedAt: '2026-11-21T01:00:00.000Z',
      }),
      'learning',
    );
    expect(await instructor(id)).toEqual({ name: 'อ.สมชาย ใจดี', img: null, hidden: true, deleted: false });

    // an older change arriving late does not undo the newer one
    await catalog.deliver(
      instructorChanged(id, { name: 'เก่า', updatedAt: '2026-11-19T01:00:00.000Z' }),
      'learning',
    );
    expect((await instructor(id))?.name).toBe('อ.สมชาย ใจดี');
  });

  it('catalog.instructor.deleted leaves a tombstone a late change does not bring back', async () => {
    const id = uuidv7();
    await catalog.deliver(instructorChanged(id, { updatedAt: '2026-11-20T01:00:00.000Z' }), 'learning');
    await catalog.deliver(instructorDeleted(id, '2026-11-22T01:00:00.000Z'), 'learning');
    expect((await instructor(id))?.deleted).toBe(true);
    await catalog.deliver(
      instructorChanged(id, { name: 'กลับมา', updatedAt: '2026-11-23T01:00:00.000Z' }),
      'learning',
    );
    expect(await instructor(id)).toMatchObject({ name: 'อ.สมชาย', deleted: true });
    // a delete of one learning never heard of is kept too
    const unknown = uuidv7();
    await catalog.deliver(instructorDeleted(unknown), 'learning');
    expect((await instructor(unknown))?.deleted).toBe(true);
  });

  it('media.file.stored keeps private documents only', async () => {
    const doc = fileStored();
    const image = fileStored({
      kind: 'course',
      visibility: 'public',
      contentType: 'image/webp',
      width: 10,
      height: 10,
    });
    const slip = fileStored({ kind: 'slip', visibility: 'private', contentType: 'image/png' });
    const publicDoc = fileStored({ visibility: 'public' });
    for (const e of [doc, image, slip, publicDoc]) await media.deliver(e, 'learning');
    const kept = await rows<{ file_id: string; filename: string; content_type: string; bytes: string }>(
      `select file_id, filename, content_type, bytes::text from media_documents where file_id in (?, ?, ?, ?)`,
      [doc.data.fileId, image.data.fileId, slip.data.fileId, publicDoc.data.fileId],
    );
    expect(kept).toEqual([
      { file_id: doc.data.fileId, filename: 'บทที่-1.pdf', content_type: 'application/pdf', bytes: '20480' },
    ]);
  });

  it("media.file.stored keeps a document's name as uploaded beside media's stored name", async () => {
    const fileId = uuidv7();
    const named = fileStored({ fileId, filename: `${fileId}.pdf`, originalName: 'lesson-notes.pdf' });
    const unnamed = fileStored({ originalName: null });
    const older = fileStored();
    for (const e of [named, unnamed, older]) await media.deliver(e, 'learning');
    const kept = await rows<{ file_id: string; filename: string; original_name: string | null }>(
      `select file_id, filename, original_name from media_documents where file_id in (?, ?, ?)`,
      [fileId, unnamed.data.fileId, older.data.fileId],
    );
    expect(new Map(kept.map((r) => [r.file_id, [r.filename, r.original_name]]))).toEqual(
      new Map([
        [fileId, [`${fileId}.pdf`, 'lesson-notes.pdf']],
        [unnamed.data.fileId, ['บทที่-1.pdf', null]],
        [older.data.fileId, ['บทที่-1.pdf', null]],
      ]),
    );
  });

  it('media.video.changed keeps the newest state of an asset', async () => {
    const assetId = uuidv7();
    const asset = async () =>
      (
        await rows<{
          status: string;
          progress: number;
          duration_seconds: number | null;
          error: string | null;
        }>(`select status, progress, duration_seconds, error from video_assets where asset_id = ?`, [assetId])
      )[0];
    await media.deliver(
      videoAssetChanged(assetId, {
        status: 'transcoding',
        progress: 40,
        changedAt: '2026-11-26T01:00:00.000Z',
      }),
      'learning',
    );
    expect(await asset()).toEqual({
      status: 'transcoding',
      progress: 40,
      duration_seconds: null,
      error: null,
    });
    await media.deliver(
      videoAssetChanged(assetId, {
        status: 'ready',
        progress: 100,
        durationSeconds: 12.48,
        playlist: 'master.m3u8',
        poster: 'poster.jpg',
        changedAt: '2026-11-26T01:05:00.000Z',
      }),
      'learning',
    );
    // the 40 % state redelivered later is older: ignored
    await media.deliver(
      videoAssetChanged(assetId, {
        status: 'transcoding',
        progress: 40,
        changedAt: '2026-11-26T01:00:00.000Z',
      }),
      'learning',
    );
    expect(await asset()).toEqual({ status: 'ready', progress: 100, duration_seconds: 12.48, error: null });
  });
});
