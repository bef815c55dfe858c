/**
 * The demo content end to end on the real servers (PostgreSQL, NATS, ffmpeg), as `npm start` runs
 * it with no internet: media's MEDIA_SEED_DEMO makes the two demo lesson videos and the demo document,
 * learning's LEARNING_SEED_DEMO gives the Forex course its two lessons on those videos and lists that
 * document as soon as media has announced it (whichever started first); both play from media by signed URL.
 * The demo member groups' QR images are media's public `qr` PNGs (read at /api/qr/{file}).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestEnv, eventually, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { signMediaUrl } from '@rian/kit/signed-url';
import {
  DEMO_COURSE_IDS,
  DEMO_FILE_IDS,
  DEMO_GROUP_IDS,
  DEMO_SECOND_VIDEO_ASSET_ID,
  DEMO_VIDEO_ASSET_ID,
} from '@rian/proto-contracts/demo';
import type { DocumentListsPage, SessionsPage, VideosPage } from '@rian/proto-contracts/learning-content';
import type { MemberGroupsPage } from '@rian/proto-contracts/learning-groups';
import { buildApp as buildMedia } from '@rian/media/app';
import { buildApp as buildLearning } from '@rian/learning/app';
import { readConfig as readLearningConfig } from '@rian/learning/config';
import { readConfig as mediaConfig } from '@rian/media/config';

const SECRET = 'test-media-url-secret-demo-000001';
const FX = DEMO_COURSE_IDS.forexBasics;

let env: TestEnv;
let dir: string;
let issuer: TestTokenIssuer;
let staff: Record<string, string>;
let media: FastifyInstance;
let learning: FastifyInstance | undefined;

const startLearning = async (): Promise<FastifyInstance> => {
  const app = await buildLearning(
    readLearningConfig(env.envFor('learning', { PORT: '0', LEARNING_SEED_DEMO: 'true' })),
    { tokenKeys: issuer.keys },
  );
  await app.ready();
  return app;
};
const read = async <T>(app: FastifyInstance, url: string) => {
  const res = await app.inject({ method: 'GET', url, headers: staff });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const signed = (scope: string, file: string) =>
  signMediaUrl({ base: '', secret: SECRET, scope, file, ttlSeconds: 60, now: new Date() }).url;

beforeAll(async () => {
  env = await createTestEnv();
  dir = mkdtempSync(join(tmpdir(), 'rian-demo-'));
  issuer = await TestTokenIssuer.create();
  staff = { authorization: `Bearer ${await issuer.staff('staff')}` };
  media = await buildMedia(
    mediaConfig(
      env.envFor('media', {
        PORT: '0',
        MEDIA_DIR: join(dir, 'store'),
        MEDIA_UPLOAD_DIR: join(dir, 'uploads'),
        MEDIA_WORK_DIR: join(dir, 'work'),
        MEDIA_X264_PRESET: 'ultrafast',
        MEDIA_URL_SECRET: SECRET,
        MEDIA_SEED_DEMO: 'true',
      }),
    ),
    { tokenKeys: issuer.keys },
  );
  await media.ready();
  learning = await startLearning();
}, 60_000);

afterAll(async () => {
  await learning?.close();
  await media?.close();
  await env?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

describe('the demo content, media and learning together', () => {
  it("the Forex lessons play media's two demo videos, and the Forex course lists media's demo document", async () => {
    // lesson 1 (two days ago) and lesson 2 (today) are uploaded ones; learning hears of the assets
    // as media transcodes them
    const sessions = await read<SessionsPage>(learning!, `/admin/courses/${FX}/sessions`);
    const lessons = sessions.items.filter((s) => s.type === 'video');
    expect(lessons.map((s) => s.video!.name.slice(0, 7))).toEqual(['บทที่ 1', 'บทที่ 2']);
    const settled = (videoId: string) =>
      eventually(
        async () => {
          const videos = await read<VideosPage>(learning!, `/admin/videos?courseId=${FX}`);
          const v = videos.items.find((x) => x.id === videoId)!;
          return v.asset?.status === 'ready' || v.asset?.status === 'failed' ? v : undefined;
        },
        120_000,
        500,
      );
    const first = await settled(lessons[0]!.video!.id);
    const today = await settled(lessons[1]!.video!.id);
    expect(first).toMatchObject({
      source: 'upload',
      assetId: DEMO_SECOND_VIDEO_ASSET_ID,
      durationSeconds: 8,
    });
    expect(today).toMatchObject({ source: 'upload', assetId: DEMO_VIDEO_ASSET_ID, durationSeconds: 40 });
    for (const lesson of [first, today]) {
      expect(lesson.asset).toMatchObject({ status: 'ready' });
      const playlist = await media.inject({
        method: 'GET',
        url: signed(`hls/${lesson.assetId!}`, 'master.m3u8'),
      });
      expect(playlist.statusCode).toBe(200);
      expect(playlist.body).toMatch(/^#EXTM3U/);
    }

    // the demo document: listed on the Forex course once media has announced its file
    const lists = await eventually(async () => {
      const page = await read<DocumentListsPage>(learning!, `/admin/document-lists?courseId=${FX}`);
      return page.total > 0 ? page : undefined;
    }, 20_000);
    expect(lists.items.map((l) => l.document.name)).toEqual([expect.stringContaining('Forex')]);
    const pdf = await media.inject({
      method: 'GET',
      url: signed(`document/${DEMO_FILE_IDS.forexSheet}`, `${DEMO_FILE_IDS.forexSheet}.pdf`),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("the demo member groups' QR images are media's: each name learning's groups carry is a public PNG", async () => {
    const groups = await read<MemberGroupsPage>(learning!, `/admin/member-groups?courseId=${FX}`);
    expect(groups.items.map((g) => g.id).sort()).toEqual(Object.values(DEMO_GROUP_IDS).sort());
    for (const g of groups.items) {
      for (const file of [g.qr, g.qrManual]) {
        expect(file).toMatch(/\.png$/);
        const res = await media.inject({ method: 'GET', url: `/qr/${file!}` });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
      }
    }
  });
});
