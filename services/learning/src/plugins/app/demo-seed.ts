import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { EntityManager } from '@rian/kit/db';
import { DEMO_COURSES } from '../../domain/demo-courses.js';
import { demoContent, demoReplay } from '../../domain/demo-content.js';
import { FOR_UPDATE } from '@rian/kit/staff-crud';
import { VideoChanged } from '@rian/proto-contracts/learning-content';
import { LiveBroadcast } from '../../entities/live-broadcast.js';
import { LiveComment } from '../../entities/live-comment.js';
import { LiveStream } from '../../entities/live-stream.js';
import { Video } from '../../entities/video.js';
import { videoRecord } from '../../domain/content-views.js';
import { closeBroadcast, openBroadcast } from './live-broadcast-rows.js';
import { DEMO_LIVE_COURSE } from '../../domain/demo-live.js';
import { DEMO_GROUPS } from '../../domain/demo-groups.js';
import { bangkokDay } from '../../domain/field-rules.js';

const CONTENT_LOCK = 'learning.demo-content';
const LIVE_LOCK = 'learning.demo-live';
const GROUPS_LOCK = 'learning.demo-groups';

/**
 * The demo live streams when learning has none, and the Forex course's live flag, channel and live
 * trade room when the course exists and has no stream yet (issue 15). Returns how many streams it added.
 */
export async function seedDemoLive(app: FastifyInstance, now = new Date()): Promise<number> {
  const streams = demoContent(bangkokDay(now)).liveStreams;
  return app.kit.orm.em.fork().transactional(async (em) => {
    await em.execute('select pg_advisory_xact_lock(hashtext(?))', [LIVE_LOCK]);
    if ((await count(em, `select count(*)::int as n from live_streams`)) > 0) return 0;
    for (const s of streams) app.liveStreams.insertSeed(em, s.id, s.body);
    await em.flush();
    await app.liveStreams.linkSeedCourse(em, DEMO_LIVE_COURSE);
    return streams.length;
  });
}

/**
 * The demo's replay (demoReplay): a finished broadcast of the live trade room with three trade
 * calls, and lesson 2 of Forex Basics marked as its recording — once (the broadcast's fixed id),
 * when the stream and the video exist and the video records nothing yet. Returns whether it added it.
 */
export async function seedDemoReplay(app: FastifyInstance, now = new Date()): Promise<boolean> {
  const r = demoReplay(now);
  return app.kit.orm.em.fork().transactional(async (em) => {
    await em.execute('select pg_advisory_xact_lock(hashtext(?))', [LIVE_LOCK]);
    if (await em.findOne(LiveBroadcast, { id: r.broadcastId })) return false;
    const stream = await em.findOne(LiveStream, { id: r.streamId }, FOR_UPDATE);
    const video = await em.findOne(Video, { id: r.videoId });
    if (!stream || !video || video.recordingBroadcastId) return false;
    openBroadcast(em, stream.id, r.startedAt, r.broadcastId);
    await em.flush();
    await closeBroadcast(em, r.broadcastId, r.endedAt);
    for (const c of r.calls) {
      stream.lastSeq += 1;
      em.create(LiveComment, {
        streamId: stream.id,
        seq: stream.lastSeq,
        kind: 'call',
        userId: null,
        authorKind: 'staff',
        authorName: r.author,
        courseId: null,
        sessionId: null,
        text: c.call.note ?? '',
        call: c.call,
        streamTime: c.streamTime,
        broadcastId: r.broadcastId,
        createdAt: new Date(r.startedAt.getTime() + c.streamTime * 1000),
      });
    }
    em.assign(video, { recordingBroadcastId: r.broadcastId, recordingOffsetS: r.offsetS, updatedAt: now });
    app.kit.outbox.add(em, VideoChanged, videoRecord(video));
    return true;
  });
}

/**
 * The demo member groups when learning has none, for demo courses that exist (issue 16). A demo
 * database seeded before they had QR images gets them: a demo group with neither `qr` nor
 * `qrManual` is given both (a group staff gave an image of their own keeps its images).
 * Returns how many groups it added.
 */
export async function seedDemoGroups(app: FastifyInstance): Promise<number> {
  return app.kit.orm.em.fork().transactional(async (em) => {
    await em.execute('select pg_advisory_xact_lock(hashtext(?))', [GROUPS_LOCK]);
    if ((await count(em, `select count(*)::int as n from member_groups`)) > 0) {
      for (const g of DEMO_GROUPS) {
        await em.execute(
          `update member_groups set qr = ?, qr_manual = ? where member_group_id = ? and qr is null and qr_manual is null`,
          [g.body.qr ?? null, g.body.qrManual ?? null, g.id],
        );
      }
      return 0;
    }
    const existing = await existingCourses(
      em,
      DEMO_GROUPS.map((g) => g.body.courseId),
    );
    const groups = DEMO_GROUPS.filter((g) => existing.has(g.body.courseId));
    for (const g of groups) app.memberGroups.insertSeed(em, g.id, g.body);
    return groups.length;
  });
}

const count = async (
  em: { execute: (sql: string, p?: unknown[]) => Promise<unknown> },
  sql: string,
  p: unknown[] = [],
) => ((await em.execute(sql, p)) as { n: number }[])[0]!.n;

/** Which of these demo courses exist (staff may have deleted one). */
async function existingCourses(em: EntityManager, ids: string[]): Promise<Set<string>> {
  const courseIds = [...new Set(ids)];
  const rows = (await em.execute(
    `select course_id from courses where course_id in (${courseIds.map(() => '?').join(', ')})`,
    courseIds,
  )) as { course_id: string }[];
  return new Set(rows.map((r) => r.course_id));
}

/**
 * The demo courses' content, once: sessions of each type around today (Asia/Bangkok), their videos
 * and Zoom room when learning has no sessions, videos or rooms yet; the demo document and its list
 * entry when there are no documents and media has announced the demo file. Only for demo courses
 * that exist (staff may have deleted one). Replicas starting together seed once (advisory lock).
 */
export async function seedDemoContent(app: FastifyInstance, now = new Date()): Promise<{ records: number }> {
  const demo = demoContent(bangkokDay(now));
  return app.kit.orm.em.fork().transactional(async (em) => {
    await em.execute('select pg_advisory_xact_lock(hashtext(?))', [CONTENT_LOCK]);
    let records = 0;
    const existing = await existingCourses(
      em,
      demo.sessions.map((x) => x.courseId),
    );
    const empty =
      (await count(
        em,
        `select ((select count(*) from course_sessions) + (select count(*) from videos) + (select count(*) from zoom_rooms))::int as n`,
      )) === 0;
    if (empty && existing.size) {
      for (const z of demo.zoomRooms) app.zoomRooms.insertSeed(em, z.id, z.body);
      const videos = demo.videos.filter((v) => existing.has(v.body.courseId));
      for (const v of videos) app.videos.insertSeed(em, v.id, v.body);
      await em.flush(); // sessions refer to them
      for (const s of demo.sessions.filter((x) => existing.has(x.courseId))) {
        app.sessions.insertSeed(em, s.id, s.courseId, s.body);
      }
      await em.flush();
      records +=
        demo.zoomRooms.length + videos.length + demo.sessions.filter((x) => existing.has(x.courseId)).length;
    }
    records += await addDemoDocuments(app, em, demo, existing);
    return { records };
  });
}

/**
 * The demo document and its list entry, in `em`'s transaction (the seed lock held), when there are
 * no documents yet and media has announced the demo file. Returns how many records it added.
 */
async function addDemoDocuments(
  app: FastifyInstance,
  em: EntityManager,
  demo: ReturnType<typeof demoContent>,
  existing: ReadonlySet<string>,
): Promise<number> {
  let records = 0;
  const fileIds = demo.documents.map((d) => d.body.fileId);
  const filesKnown =
    (await count(
      em,
      `select count(*)::int as n from media_documents where file_id in (${fileIds.map(() => '?').join(', ')})`,
      fileIds,
    )) === fileIds.length;
  const noDocuments = (await count(em, `select count(*)::int as n from documents`)) === 0;
  if (noDocuments && filesKnown) {
    for (const d of demo.documents) app.documents.insertSeed(em, d.id, d.body);
    await em.flush();
    records += demo.documents.length;
    for (const l of demo.documentLists.filter((x) => existing.has(x.courseId))) {
      app.documents.insertListSeed(em, l.id, l.documentId, l.courseId);
      records += 1;
    }
    await em.flush();
  }
  return records;
}

/**
 * The demo document alone, once media has announced its file (media may seed it after learning
 * started): true when it is listed now or can no longer be (staff keep documents of their own).
 */
export async function seedDemoDocuments(app: FastifyInstance, now = new Date()): Promise<boolean> {
  const demo = demoContent(bangkokDay(now));
  return app.kit.orm.em.fork().transactional(async (em) => {
    await em.execute('select pg_advisory_xact_lock(hashtext(?))', [CONTENT_LOCK]);
    if ((await count(em, `select count(*)::int as n from documents`)) > 0) return true;
    const existing = await existingCourses(
      em,
      demo.documentLists.map((l) => l.courseId),
    );
    return (await addDemoDocuments(app, em, demo, existing)) > 0;
  });
}

// media seeds its demo file as it starts, often after learning: how often and how long to look again
const DOCUMENT_RETRY_MS = 2_000;
const DOCUMENT_RETRY_FOR_MS = 15 * 60_000;

/**
 * With LEARNING_SEED_DEMO, a fresh learning gets the demo courses and their content when the app is
 * ready; the demo document as soon as media has announced its file, even after this start.
 */
export default fp<{ enabled: boolean }>(
  async (app, opts) => {
    if (!opts.enabled) return;
    let timer: NodeJS.Timeout | undefined;
    let looking: Promise<void> | undefined;
    let closing = false;
    const lookAgain = (until: number) => {
      if (closing || Date.now() > until) return;
      timer = setTimeout(() => {
        looking = seedDemoDocuments(app)
          .then((done) => {
            if (done) app.log.info('demo document listed');
            else lookAgain(until);
          })
          .catch((err: unknown) => {
            app.log.warn({ err }, 'demo document not listed yet');
            lookAgain(until);
          });
      }, DOCUMENT_RETRY_MS);
      timer.unref?.();
    };
    app.addHook('onReady', async () => {
      const added = await app.courses.seedWhenEmpty(DEMO_COURSES);
      if (added) app.log.info({ added }, 'demo courses seeded');
      // the streams before the content: its live sessions name them
      const streams = await seedDemoLive(app);
      if (streams) app.log.info({ streams }, 'demo live streams seeded');
      const { records } = await seedDemoContent(app);
      if (records) app.log.info({ records }, 'demo course content seeded');
      if (await seedDemoReplay(app)) app.log.info('demo replay seeded (a recording with trade calls)');
      const groups = await seedDemoGroups(app);
      if (groups) app.log.info({ groups }, 'demo member groups seeded');
      if (!(await seedDemoDocuments(app))) lookAgain(Date.now() + DOCUMENT_RETRY_FOR_MS);
    });
    app.addHook('preClose', async () => {
      closing = true;
      clearTimeout(timer);
      await looking;
    });
  },
  {
    name: 'demo-seed',
    dependencies: [
      'courses',
      'sessions',
      'videos',
      'zoom-rooms',
      'documents',
      'live-streams',
      'member-groups',
    ],
  },
);
