import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { EntityManager } from '@rian/kit/db';
import { ProblemError } from '@rian/kit/errors';
import type { Kit } from '@rian/kit/service';
import { sealText, secretKeyFrom } from '@rian/kit/secret-box';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { assertNoProblems, StaffCrud, type Paged } from '@rian/kit/staff-crud';
import { CourseChanged, type CourseStaff } from '@rian/proto-contracts/learning';
import { SessionChanged } from '@rian/proto-contracts/learning-content';
import {
  LiveChanged,
  LiveStreamChanged,
  LiveStreamDeleted,
  type CourseLiveStreamingBody,
  type LiveStreamAdminQuery,
  type LiveStreamCreateBody,
  type LiveStreamMember,
  type LiveStreamRecord,
  type LiveStreamStaff,
  type LiveStreamUpdateBody,
  type LiveStreamUsage,
  type LiveStreamWithKey,
} from '@rian/proto-contracts/learning-live';
import { Course } from '../../entities/course.js';
import { CourseSession } from '../../entities/course-session.js';
import { LiveStream, type LiveStreamEntity } from '../../entities/live-stream.js';
import { sessionRecord } from '../../domain/content-views.js';
import { bangkokDay } from '../../domain/access.js';
import {
  liveStreamFields,
  liveStreamProblems,
  liveTransition,
  type LiveStreamFields,
} from '../../domain/live-stream-fields.js';
import { publishToStream } from './live-bus.js';
import { closeBroadcast, openBroadcast } from './live-broadcast-rows.js';
import { Video } from '../../entities/video.js';
import { VideoChanged } from '@rian/proto-contracts/learning-content';
import { videoRecord } from '../../domain/content-views.js';
import type { Courses } from './courses.js';

/** Binds a sealed key to its column (kit/secret-box): a value sealed for anything else does not open. */
const KEY_PURPOSE = 'learning:live-stream-key';
/** How many sessions of a stream its staff view lists (newest first). */
const USAGE_SESSIONS = 50;

export function liveStreamRecord(s: LiveStreamEntity): LiveStreamRecord {
  return {
    id: s.id,
    name: s.name,
    detail: s.detail ?? null,
    url: s.url ?? null,
    server: s.server ?? null,
    kind: s.kind,
    status: s.status,
    live: s.live,
    liveSince: s.liveSince?.toISOString() ?? null,
    hasStreamKey: !!s.streamKeySealed,
    keyRotatedAt: s.keyRotatedAt.toISOString(),
    createdBy: s.createdBy ?? null,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

export function liveStreamMember(s: LiveStreamEntity): LiveStreamMember {
  return {
    id: s.id,
    name: s.name,
    detail: s.detail ?? null,
    kind: s.kind,
    live: s.live,
    liveSince: s.liveSince?.toISOString() ?? null,
  };
}

const fieldsOf = (s: LiveStreamEntity): LiveStreamFields => ({
  name: s.name,
  detail: s.detail ?? null,
  url: s.url ?? null,
  server: s.server ?? null,
  kind: s.kind,
  status: s.status,
  live: s.live,
});

/** A new stream key: 32 random bytes, base64url (what the encoder is given with the server). */
const newStreamKey = () => `rian_${randomBytes(32).toString('base64url')}`;

/**
 * Live streams (spec 02 §3 "Live streaming", /admin/liveStreaming). The stream key is made here,
 * sealed at rest with LEARNING_SECRET_KEY and shown once — in the create answer and in
 * rotate-key's — never in a list, a read, an event or a member's answer. Going live (N → Y) or off
 * air writes `learning.live.changed` with the stream's change and, after the commit, tells the
 * gateways on core NATS (`live` message).
 */
export class LiveStreams {
  private readonly crud;

  constructor(
    private readonly kit: Kit,
    private readonly key: Buffer,
    private readonly courses: Courses,
  ) {
    this.crud = new StaffCrud(
      { kit },
      {
        entity: LiveStream,
        notFound: 'learning.live_stream_not_found',
        staff: liveStreamRecord,
        changed: LiveStreamChanged,
        deleted: LiveStreamDeleted,
        deletedData: (s, deletedAt) => ({ id: s.id, deletedAt }),
      },
    );
  }

  async listStaff(q: LiveStreamAdminQuery): Promise<Paged<LiveStreamStaff>> {
    const where = { ...(q.kind ? { kind: q.kind } : {}), ...(q.live ? { live: q.live } : {}) };
    const page = await this.crud.search(q, ['name', 'url', 'server'], where);
    const usage = await this.usage(page.items.map((s) => s.id));
    return { ...page, items: page.items.map((s) => ({ ...s, usedBy: usage.get(s.id)! })) };
  }

  async staffById(id: string): Promise<LiveStreamStaff> {
    return this.withUsage(await this.crud.byId(id));
  }

  async create(body: LiveStreamCreateBody, createdBy: string | null): Promise<LiveStreamWithKey> {
    const f = liveStreamFields(body);
    assertNoProblems(liveStreamProblems(f));
    const streamKey = newStreamKey();
    const now = new Date();
    const record = await this.crud.write(async (em) => {
      const id = uuidv7();
      const row = this.crud.insert(
        em,
        {
          id,
          ...f,
          liveSince: f.live === 'Y' ? now : null,
          streamKeySealed: sealText(streamKey, this.key, KEY_PURPOSE),
          keyRotatedAt: now,
          lastSeq: 0,
          pinnedSeq: null,
          broadcastId: null,
        },
        createdBy,
      );
      await em.flush(); // the broadcast refers to it
      if (f.live === 'Y') {
        row.broadcastId = openBroadcast(em, id, now);
        await this.announceLive(em, row, now);
      }
      return liveStreamRecord(row);
    });
    if (record.live === 'Y') this.tellGateways(record);
    return { ...(await this.withUsage(record)), streamKey };
  }

  async update(id: string, body: LiveStreamUpdateBody): Promise<LiveStreamStaff> {
    let changed = false;
    const now = new Date();
    const record = await this.crud.update(id, async (s, em) => {
      const f = liveStreamFields(body, fieldsOf(s));
      assertNoProblems(liveStreamProblems(f));
      const t = liveTransition(s.live, f.live, s.liveSince ?? null, now);
      changed = t.changed;
      if (!changed) return { ...f, liveSince: t.liveSince };
      // each time on air is a broadcast: going live opens one, stopping ends it
      let broadcastId: string | null = null;
      if (f.live === 'Y') broadcastId = openBroadcast(em, s.id, now);
      else await closeBroadcast(em, s.broadcastId ?? null, now);
      await this.announceLive(em, { ...s, ...f, liveSince: t.liveSince }, now);
      return { ...f, liveSince: t.liveSince, broadcastId };
    });
    if (changed) this.tellGateways(record);
    return this.withUsage(record);
  }

  /** A new key (the old one stops being shown anywhere; the encoder needs the new one). */
  async rotateKey(id: string): Promise<LiveStreamWithKey> {
    const streamKey = newStreamKey();
    const record = await this.crud.write(async (em) => {
      const s = await this.crud.locked(em, id);
      const now = new Date();
      em.assign(s, {
        streamKeySealed: sealText(streamKey, this.key, KEY_PURPOSE),
        keyRotatedAt: now,
        updatedAt: now,
      });
      this.kit.outbox.add(em, LiveStreamChanged, liveStreamRecord(s));
      return liveStreamRecord(s);
    });
    return { ...(await this.withUsage(record)), streamKey };
  }

  /**
   * A stream with comments stays (409 `learning.live_stream_has_comments`: they are the record;
   * staff hide it instead); courses and sessions using it lose it, each with its event.
   */
  remove(id: string): Promise<void> {
    return this.crud.remove(id, {
      before: async (em, s) => {
        const used = await em.execute(`select 1 from live_comments where live_stream_id = ? limit 1`, [s.id]);
        if (used.length) throw new ProblemError('learning.live_stream_has_comments');
        const now = new Date();
        for (const c of await em.find(Course, { $or: [{ liveStreamingId: s.id }, { liveTradeId: s.id }] })) {
          em.assign(c, {
            ...(c.liveStreamingId === s.id ? { liveStreamingId: null } : {}),
            ...(c.liveTradeId === s.id ? { liveTradeId: null } : {}),
            updatedAt: now,
          });
          this.kit.outbox.add(em, CourseChanged, {
            courseId: c.id,
            title: c.title,
            code: c.code ?? null,
            status: c.status,
            changedAt: now.toISOString(),
          });
        }
        for (const session of await em.find(CourseSession, { liveStreamId: s.id })) {
          em.assign(session, { liveStreamId: null, updatedAt: now });
          this.kit.outbox.add(em, SessionChanged, sessionRecord(session));
        }
        // its broadcasts go with it (no comments: nothing to replay); videos recording one lose it
        const broadcasts = `select live_broadcast_id from live_broadcasts where live_stream_id = ?`;
        for (const v of await em.find(Video, {
          recordingBroadcastId: {
            $in: (await em.execute(broadcasts, [s.id])).map((r) => r.live_broadcast_id as string),
          },
        })) {
          em.assign(v, { recordingBroadcastId: null, recordingOffsetS: 0, updatedAt: now });
          this.kit.outbox.add(em, VideoChanged, videoRecord(v));
        }
        await em.flush();
        await em.execute(`update live_streams set broadcast_id = null where live_stream_id = ?`, [s.id]);
        await em.execute(`delete from live_broadcasts where live_stream_id = ?`, [s.id]);
      },
    });
  }

  /** Spec 02 §7 courses UpdateLiveStreaming: the course's flag, stream and the two images. */
  async updateCourse(courseId: string, body: CourseLiveStreamingBody): Promise<CourseStaff> {
    const named = [body.liveStreamingId, body.liveTradeId].filter((id): id is string => !!id);
    if (named.length) {
      const found = await this.kit.orm.em.fork().count(LiveStream, { id: { $in: named } });
      if (found < new Set(named).size) throw new ProblemError('learning.live_stream_unknown');
    }
    return this.courses.update(courseId, body);
  }

  /** The demo's streams with fixed ids, in `em`'s transaction (the demo seed). */
  insertSeed(em: EntityManager, id: string, body: LiveStreamCreateBody): void {
    const f = liveStreamFields(body);
    assertNoProblems(liveStreamProblems(f));
    const now = new Date();
    this.crud.insert(
      em,
      {
        id,
        ...f,
        liveSince: f.live === 'Y' ? now : null,
        streamKeySealed: sealText(newStreamKey(), this.key, KEY_PURPOSE),
        keyRotatedAt: now,
        lastSeq: 0,
        pinnedSeq: null,
        broadcastId: null,
      },
      null,
    );
  }

  /**
   * The demo seed: a course without streams gets these (its live flag Y), with its event, in `em`'s
   * transaction; a course that is gone or has a stream already is left as it is.
   */
  async linkSeedCourse(
    em: EntityManager,
    link: { courseId: string; liveStreamingId: string; liveTradeId: string },
  ): Promise<void> {
    const c = await em.findOne(Course, { id: link.courseId });
    if (!c || c.liveStreamingId || c.liveTradeId) return;
    const now = new Date();
    em.assign(c, {
      liveStreaming: 'Y',
      liveStreamingId: link.liveStreamingId,
      liveTradeId: link.liveTradeId,
      updatedAt: now,
    });
    this.kit.outbox.add(em, CourseChanged, {
      courseId: c.id,
      title: c.title,
      code: c.code ?? null,
      status: c.status,
      changedAt: now.toISOString(),
    });
  }

  private async withUsage(record: LiveStreamRecord): Promise<LiveStreamStaff> {
    return { ...record, usedBy: (await this.usage([record.id])).get(record.id)! };
  }

  /** Which courses (their channel) and sessions use each stream. */
  private async usage(ids: string[]): Promise<Map<string, LiveStreamUsage>> {
    const out = new Map<string, LiveStreamUsage>(ids.map((id) => [id, { courses: [], sessions: [] }]));
    if (!ids.length) return out;
    const em = this.kit.orm.em.fork();
    const courses = await em.find(
      Course,
      { $or: [{ liveStreamingId: { $in: ids } }, { liveTradeId: { $in: ids } }] },
      { orderBy: { title: 'asc' } },
    );
    for (const c of courses)
      for (const id of new Set([c.liveStreamingId, c.liveTradeId]))
        if (id) out.get(id)?.courses.push({ id: c.id, title: c.title, liveStreaming: c.liveStreaming });
    const sessions = await em.find(
      CourseSession,
      { liveStreamId: { $in: ids } },
      { orderBy: { date: 'desc', id: 'desc' } },
    );
    for (const s of sessions) {
      const u = out.get(s.liveStreamId!);
      if (u && u.sessions.length < USAGE_SESSIONS)
        u.sessions.push({ id: s.id, courseId: s.courseId, title: s.title, date: s.date });
    }
    return out;
  }

  /** `learning.live.changed`, with the courses whose channel it is or that use it today. */
  private async announceLive(
    em: EntityManager,
    s: Pick<LiveStreamEntity, 'id' | 'name' | 'kind' | 'live' | 'liveSince'>,
    now: Date,
  ): Promise<void> {
    const rows = (await em.execute(
      `select course_id from courses where live_streaming_id = ? or live_trade_id = ?
       union select course_id from course_sessions where live_stream_id = ? and session_date = ?`,
      [s.id, s.id, s.id, bangkokDay(now)],
    )) as { course_id: string }[];
    this.kit.outbox.add(em, LiveChanged, {
      streamId: s.id,
      name: s.name,
      kind: s.kind,
      live: s.live,
      liveSince: s.liveSince?.toISOString() ?? null,
      courseIds: rows.map((r) => r.course_id),
      changedAt: now.toISOString(),
    });
  }

  private tellGateways(r: LiveStreamRecord): void {
    publishToStream(this.kit, r.id, {
      type: 'live',
      state: { streamId: r.id, live: r.live, liveSince: r.liveSince },
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    liveStreams: LiveStreams;
  }
}

export default fp<{ secretKey: string }>(
  async (app, opts) => {
    app.decorate(
      'liveStreams',
      new LiveStreams(app.kit, secretKeyFrom(opts.secretKey, 'LEARNING_SECRET_KEY'), app.courses),
    );
  },
  { name: 'live-streams', dependencies: ['courses'] },
);
