import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, eventually, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import { subscribeLive } from '@rian/kit/live';
import { BusNames, connectNats } from '@rian/kit/nats';
import { createLogger } from '@rian/kit/logger';
import { mediaSignatureValid, DEV_MEDIA_URL_SECRET } from '@rian/kit/signed-url';
import type { ServiceApp } from '@rian/kit/service';
import { buildEvent } from '@rian/proto-contracts/envelope';
import { UserRegistered } from '@rian/proto-contracts/auth';
import type { Problem } from '@rian/proto-contracts/errors';
import {
  LiveChanged,
  LiveStreamChanged,
  liveCommentsTopic,
  LIVE_COMMENTS_PER_MINUTE,
  type LiveBusMessage,
  type LiveComment,
  type LiveCommentList,
  type LiveCommentReplay,
  type LiveCommentStaff,
  type LiveStreamMemberList,
  type LiveStreamStaff,
  type LiveStreamsPage,
  type LiveStreamWithKey,
  type LiveWatch,
} from '@rian/proto-contracts/learning-live';
import type { MemberHome } from '@rian/proto-contracts/learning-member';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { addDays, bangkokDay } from '../../src/domain/access.js';
import { ContentFixtures } from '../content-fixtures.js';
import { learningEvents } from '../content-events.js';
import { bearer, startLearning } from '../helpers.js';

/**
 * Issue 15, learning's side: streams staff keep (the key shown once), who may watch and the signed
 * playback URL, comments with their limits, hide and pin, trade calls, the replay and "Now" reads,
 * and what goes on the bus.
 */
describe('live streams, playback and comments', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let staff: string;
  const staffId = `staff-${uuidv7()}`;
  const bus: LiveBusMessage[] = [];
  let nc: Awaited<ReturnType<typeof connectNats>>;

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startLearning(env, issuer);
    staff = await issuer.sign({ sub: staffId, kind: 'staff', role: 'staff', name: 'โค้ชบอย' });
    nc = await connectNats(env.envFor('learning').NATS_URL!, 'live-test', createLogger('test', 'silent'));
  });

  afterAll(async () => {
    await nc?.close();
    await app?.close();
    await env?.cleanup();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
    app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const ok = async <T>(p: ReturnType<typeof call>, status = 200): Promise<T> => {
    const res = await p;
    expect(res.statusCode, res.body).toBe(status);
    return res.json<T>();
  };
  const createStream = (body: object) =>
    ok<LiveStreamWithKey>(call('POST', '/admin/live-streams', staff, { name: 'ไลฟ์', ...body }), 201);
  const listen = (streamId: string) =>
    subscribeLive<LiveBusMessage>(nc, new BusNames(env.namespace), liveCommentsTopic(streamId), (m) =>
      bus.push(m),
    );
  /** a member enrolled (from yesterday) in a new course whose live channel is `streamId` */
  const channelMember = async (streamId: string, flag: 'Y' | 'N' = 'Y', userId = `m-${uuidv7()}`) => {
    const course = await app.courses.create(
      { title: `ช่องไลฟ์ ${uuidv7().slice(-4)}`, liveStreaming: flag, liveStreamingId: streamId },
      null,
    );
    await app.enrolmentAdmin.grant(
      { userId, courseId: course.id, start: addDays(bangkokDay(new Date()), -1) },
      staffId,
    );
    return { userId, courseId: course.id, token: await issuer.member(userId, { status: 'Premium' }) };
  };
  /** the member may post again at once (as if 2 s had passed) */
  const gapPassed = (userId: string) => app.kit.redis.del(`learning:live-comment-gap:${userId}`);

  it('staff create a stream and see its key once; reads, lists, changes, events and the database never show it; rotate-key shows a new one once', async () => {
    const s = await createStream({
      name: ' ไลฟ์เทรดทองคำ ',
      kind: 'trade',
      url: 'app/gold',
      server: 'rtmp://ingest.example.com/app',
    });
    expect(s).toMatchObject({
      name: 'ไลฟ์เทรดทองคำ',
      kind: 'trade',
      url: 'app/gold',
      status: 'show',
      live: 'N',
      liveSince: null,
      hasStreamKey: true,
      usedBy: { courses: [], sessions: [] },
    });
    const key = s.streamKey;
    expect(key.length).toBeGreaterThan(40);

    const read = await call('GET', `/admin/live-streams/${s.id}`, staff);
    const list = await call('GET', '/admin/live-streams?q=ทองคำ', staff);
    const changed = await call('PUT', `/admin/live-streams/${s.id}`, staff, { detail: 'ทุกวันจันทร์' });
    for (const res of [read, list, changed]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(key);
      expect(res.body).not.toContain('streamKey');
    }
    expect(list.json<LiveStreamsPage>().items.map((i) => i.id)).toEqual([s.id]);
    const [row] = (await app.kit.orm.em
      .fork()
      .execute(`select stream_key_sealed from live_streams where live_stream_id = ?`, [s.id])) as {
      stream_key_sealed: string;
    }[];
    expect(row!.stream_key_sealed).toMatch(/^v1\./);
    expect(row!.stream_key_sealed).not.toContain(key);
    const events = await learningEvents(env, LiveStreamChanged, (d) => d.id === s.id, 2);
    expect(JSON.stringify(events)).not.toContain(key);

    const rotated = await ok<LiveStreamWithKey>(
      call('POST', `/admin/live-streams/${s.id}/rotate-key`, staff),
    );
    expect(rotated.streamKey).not.toBe(key);
    expect(new Date(rotated.keyRotatedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(s.keyRotatedAt).getTime(),
    );
    const after = await call('GET', `/admin/live-streams/${s.id}`, staff);
    expect(after.body).not.toContain(rotated.streamKey);

    // a member who may watch it reads nothing of the key either
    const m = await channelMember(s.id);
    await ok(call('PUT', `/admin/live-streams/${s.id}`, staff, { live: 'Y' }));
    for (const url of [`/member/live/${s.id}`, `/member/live/${s.id}/comments`, '/member/live/streams']) {
      const res = await call('GET', url, m.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(rotated.streamKey);
      expect(res.body).not.toContain(key);
      expect(res.body).not.toContain('rtmp://');
    }
    // members and anonymous callers cannot reach the staff routes
    expect((await call('POST', `/admin/live-streams/${s.id}/rotate-key`, m.token)).statusCode).toBe(403);
    expect((await call('GET', `/admin/live-streams/${s.id}`)).statusCode).toBe(401);
  });

  it('going live starts the stream time and is announced (learning.live.changed and the live bus); the course shows where the stream is used', async () => {
    const s = await createStream({ name: 'ไลฟ์ Forex' });
    const m = await channelMember(s.id);
    const sub = listen(s.id);
    try {
      const live = await ok<LiveStreamStaff>(
        call('PUT', `/admin/live-streams/${s.id}`, staff, { live: 'Y' }),
      );
      expect(live.live).toBe('Y');
      expect(live.liveSince).not.toBeNull();
      expect(live.usedBy.courses.map((c) => c.id)).toEqual([m.courseId]);
      const [event] = await learningEvents(env, LiveChanged, (d) => d.streamId === s.id && d.live === 'Y');
      expect(event!.data).toMatchObject({ name: 'ไลฟ์ Forex', kind: 'stream', courseIds: [m.courseId] });
      await eventually(() =>
        bus.some((b) => b.type === 'live' && b.state.streamId === s.id && b.state.live === 'Y'),
      );
      // a change that is not the live flag announces nothing more; going off air keeps liveSince
      await ok(call('PUT', `/admin/live-streams/${s.id}`, staff, { detail: 'x' }));
      const off = await ok<LiveStreamStaff>(call('PUT', `/admin/live-streams/${s.id}`, staff, { live: 'N' }));
      expect(off.liveSince).toBe(live.liveSince);
      const all = await learningEvents(env, LiveChanged, (d) => d.streamId === s.id, 2);
      expect(all.map((e) => e.data.live)).toEqual(['Y', 'N']);
    } finally {
      sub.unsubscribe();
    }
  });

  it('UpdateLiveStreaming sets a course live flag and stream; an unknown stream is refused', async () => {
    const s = await createStream({ name: 'ช่องคอร์ส' });
    const course = await app.courses.create({ title: 'คอร์สไลฟ์' }, null);
    const updated = await call('PUT', `/admin/courses/${course.id}/live-streaming`, staff, {
      liveStreaming: 'Y',
      liveStreamingId: s.id,
      liveTradePath: 'a1b2c3d4e5f60718293a4b5c6d7e8f90.webp',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      liveStreaming: 'Y',
      liveStreamingId: s.id,
      liveTradePath: 'a1b2c3d4e5f60718293a4b5c6d7e8f90.webp',
    });
    // its live trade room beside the channel: a member of the course may watch both
    const trade = await createStream({ name: 'ห้องเทรด', kind: 'trade', live: 'Y' });
    await ok(
      call('PUT', `/admin/courses/${course.id}/live-streaming`, staff, {
        liveStreaming: 'Y',
        liveStreamingId: s.id,
        liveTradeId: trade.id,
      }),
    );
    const userId = `m-${uuidv7()}`;
    await app.enrolmentAdmin.grant({ userId, courseId: course.id, start: '2026-01-01' }, staffId);
    const token = await issuer.member(userId);
    const streams = await ok<LiveStreamMemberList>(call('GET', '/member/live/streams', token));
    expect(streams.items.map((i) => i.id).sort()).toEqual([s.id, trade.id].sort());
    expect(
      (await ok<LiveStreamStaff>(call('GET', `/admin/live-streams/${trade.id}`, staff))).usedBy.courses,
    ).toEqual([{ id: course.id, title: 'คอร์สไลฟ์', liveStreaming: 'Y' }]);
    const unknown = await call('PUT', `/admin/courses/${course.id}/live-streaming`, staff, {
      liveStreaming: 'Y',
      liveStreamingId: uuidv7(),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<Problem>().code).toBe('learning.live_stream_unknown');
  });

  it('a session names an existing stream (else 400); deleting a stream without comments takes it off its courses and sessions', async () => {
    const s = await createStream({ name: 'ใช้ในรอบเรียน' });
    const course = await app.courses.create(
      { title: 'คอร์สรอบ', liveStreaming: 'Y', liveStreamingId: s.id },
      null,
    );
    const unknown = await call('POST', `/admin/courses/${course.id}/sessions`, staff, {
      title: 'ไลฟ์',
      date: '2026-12-01',
      type: 'live',
      liveStreamId: uuidv7(),
    });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json<Problem>())).toContain('learning.live_stream_unknown');
    const session = await ok<{ id: string }>(
      call('POST', `/admin/courses/${course.id}/sessions`, staff, {
        title: 'ไลฟ์',
        date: '2026-12-01',
        type: 'live',
        liveStreamId: s.id,
      }),
      201,
    );
    const used = await ok<LiveStreamStaff>(call('GET', `/admin/live-streams/${s.id}`, staff));
    expect(used.usedBy.sessions.map((x) => x.id)).toEqual([session.id]);
    expect((await call('DELETE', `/admin/live-streams/${s.id}`, staff)).statusCode).toBe(204);
    const after = await ok<{ liveStreamId: string | null }>(
      call('GET', `/admin/courses/${course.id}/sessions/${session.id}`, staff),
    );
    expect(after.liveStreamId).toBeNull();
    expect((await app.courses.staffById(course.id)).liveStreamingId).toBeNull();
  });

  it('an enrolled member gets a signed playback URL that media accepts until it expires; others get 404; off air there is no URL', async () => {
    const s = await createStream({ name: 'ไลฟ์สด', live: 'Y' });
    const m = await channelMember(s.id);
    const w = await ok<LiveWatch>(call('GET', `/member/live/${s.id}`, m.token));
    expect(w).toMatchObject({
      stream: { id: s.id, live: 'Y' },
      courseId: m.courseId,
      session: null,
      source: 'dev',
    });
    const match = /^\/api\/media\/signed\/(\d+)\/([^/]+)\/(live\/[^/]+)\/index\.m3u8$/.exec(w.playbackUrl!);
    expect(match, w.playbackUrl!).not.toBeNull();
    const [, exp, sig, scope] = match!;
    expect(scope).toBe(`live/${s.id}`);
    const signed = { scope: scope!, exp: Number(exp), sig: sig! };
    const secret = DEV_MEDIA_URL_SECRET;
    expect(mediaSignatureValid(signed, { secret, now: new Date() })).toBe(true);
    // media refuses it once it expired (default 300 s), and for another stream
    const expires = new Date(w.expiresAt!);
    expect(expires.getTime() - Date.now()).toBeLessThanOrEqual(300_000);
    expect(mediaSignatureValid(signed, { secret, now: new Date(expires.getTime() + 1_000) })).toBe(false);
    expect(mediaSignatureValid({ ...signed, scope: `live/${uuidv7()}` }, { secret, now: new Date() })).toBe(
      false,
    );
    expect(new Date(w.refreshAt!).getTime()).toBeLessThan(expires.getTime());

    // a member of another course, a member whose course's live flag is off, an ended enrolment: 404
    const other = await issuer.member(`o-${uuidv7()}`);
    const flagOff = await channelMember(s.id, 'N');
    const ended = await channelMember(s.id);
    await app.kit.orm.em
      .fork()
      .execute(`update user_courses set end_date = ? where user_id = ?`, [
        addDays(bangkokDay(new Date()), -1),
        ended.userId,
      ]);
    for (const token of [other, flagOff.token, ended.token]) {
      for (const url of [
        `/member/live/${s.id}`,
        `/member/live/${s.id}/access`,
        `/member/live/${s.id}/comments`,
      ]) {
        const res = await call('GET', url, token);
        expect(res.statusCode, `${url} ${res.body}`).toBe(404);
        expect(res.json<Problem>().code).toBe('learning.live_stream_not_found');
      }
    }
    // a hidden stream is not there for anyone
    await ok(call('PUT', `/admin/live-streams/${s.id}`, staff, { status: 'hide' }));
    expect((await call('GET', `/member/live/${s.id}`, m.token)).statusCode).toBe(404);
    await ok(call('PUT', `/admin/live-streams/${s.id}`, staff, { status: 'show', live: 'N' }));
    const off = await ok<LiveWatch>(call('GET', `/member/live/${s.id}`, m.token));
    expect(off).toMatchObject({ playbackUrl: null, expiresAt: null, stream: { live: 'N' } });
  });

  it('through a session: only while it is on (today, around now) — not the day before, not a session of yesterday', async () => {
    const s = await createStream({ name: 'ไลฟ์รอบเรียน', live: 'Y' });
    const course = await app.courses.create({ title: 'คอร์สรอบไลฟ์' }, null);
    const userId = `m-${uuidv7()}`;
    await app.enrolmentAdmin.grant({ userId, courseId: course.id, start: '2026-01-01' }, staffId);
    const token = await issuer.member(userId);
    const today = bangkokDay(new Date());
    const fx = new ContentFixtures(app);
    const yesterday = await fx.session({ courseId: course.id, date: addDays(today, -1), type: 'live' });
    await app.kit.orm.em
      .fork()
      .execute(`update course_sessions set live_stream_id = ? where session_id = ?`, [s.id, yesterday]);
    expect((await call('GET', `/member/live/${s.id}`, token)).statusCode).toBe(404);
    const todays = await fx.session({ courseId: course.id, date: today, type: 'live' });
    await app.kit.orm.em
      .fork()
      .execute(`update course_sessions set live_stream_id = ? where session_id = ?`, [s.id, todays]);
    const w = await ok<LiveWatch>(call('GET', `/member/live/${s.id}`, token));
    expect(w.session?.id).toBe(todays);
    expect(w.playbackUrl).toMatch(/index\.m3u8$/);
    const streams = await ok<LiveStreamMemberList>(call('GET', '/member/live/streams', token));
    expect(streams.items.map((i) => i.id)).toEqual([s.id]);
    // the member home's live session carries the stream as it is now
    const home = await ok<MemberHome>(call('GET', `/member/home?courseId=${course.id}`, token));
    expect(home.current.live?.liveStream).toMatchObject({ id: s.id, live: 'Y' });
  });

  it('with an OvenMediaEngine origin the URL is OME LL-HLS with a SignedPolicy the key verifies', async () => {
    const key = 'ome-signing-key-0123456789';
    const ome = await startLearning(env, issuer, {
      LEARNING_LIVE_ORIGIN: 'https://live.example.com:3334/',
      LEARNING_LIVE_SIGNING_KEY: key,
      LEARNING_LIVE_URL_TTL_S: '120',
    });
    try {
      const s = await createStream({ name: 'OME', url: 'app/gold', live: 'Y' });
      const m = await channelMember(s.id);
      const res = await ome.inject({ method: 'GET', url: `/member/live/${s.id}`, headers: bearer(m.token) });
      expect(res.statusCode, res.body).toBe(200);
      const w = res.json<LiveWatch>();
      expect(w.source).toBe('origin');
      const url = new URL(w.playbackUrl!);
      expect(`${url.origin}${url.pathname}`).toBe('https://live.example.com:3334/app/gold/llhls.m3u8');
      const policy = JSON.parse(Buffer.from(url.searchParams.get('policy')!, 'base64url').toString()) as {
        url_expire: number;
      };
      expect(policy.url_expire).toBe(new Date(w.expiresAt!).getTime());
      const unsigned = w.playbackUrl!.slice(0, w.playbackUrl!.indexOf('&signature='));
      expect(url.searchParams.get('signature')).toBe(
        createHmac('sha1', key).update(unsigned).digest('base64url'),
      );
    } finally {
      await ome.close();
    }
  });

  it('with a WebRTC origin too, a trade stream on air also gets a signed WebRTC URL (OME verifies it); a plain stream, an off-air one and the dev source get none', async () => {
    const key = 'ome-signing-key-0123456789';
    const ome = await startLearning(env, issuer, {
      LEARNING_LIVE_ORIGIN: 'https://live.example.com',
      LEARNING_LIVE_WEBRTC_ORIGIN: 'wss://live.example.com:3333',
      LEARNING_LIVE_SIGNING_KEY: key,
      LEARNING_LIVE_URL_TTL_S: '120',
    });
    const watchOn = async (server: typeof app, streamId: string, token: string) => {
      const res = await server.inject({
        method: 'GET',
        url: `/member/live/${streamId}`,
        headers: bearer(token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<LiveWatch>();
    };
    try {
      const trade = await createStream({ name: 'ห้องเทรด WebRTC', kind: 'trade', url: 'app/gold', live: 'Y' });
      const m = await channelMember(trade.id);
      const before = Date.now();
      const w = await watchOn(ome, trade.id, m.token);
      const expires = new Date(w.expiresAt!).getTime();
      expect(expires).toBeGreaterThanOrEqual(before + 120_000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 120_000);
      // OME's check: the text before &signature= (with the port) signed with the key, the policy's expiry
      const at = w.webrtcUrl!.indexOf('&signature=');
      expect(w.webrtcUrl!.slice(0, at)).toMatch(
        /^wss:\/\/live\.example\.com:3333\/app\/gold\?policy=[\w-]+$/,
      );
      expect(w.webrtcUrl!.slice(at + '&signature='.length)).toBe(
        createHmac('sha1', key).update(w.webrtcUrl!.slice(0, at)).digest('base64url'),
      );
      const policy = new URLSearchParams(w.webrtcUrl!.split('?')[1]).get('policy')!;
      expect(JSON.parse(Buffer.from(policy, 'base64url').toString())).toEqual({ url_expire: expires });
      // the LL-HLS fallback beside it, signed with the default port written out
      expect(w.playbackUrl).toMatch(/^https:\/\/live\.example\.com:443\/app\/gold\/llhls\.m3u8\?policy=/);

      const plain = await createStream({ name: 'ไลฟ์ธรรมดา', url: 'app/plain', live: 'Y' });
      const p = await channelMember(plain.id);
      expect(await watchOn(ome, plain.id, p.token)).toMatchObject({ source: 'origin', webrtcUrl: null });

      await ok(call('PUT', `/admin/live-streams/${trade.id}`, staff, { live: 'N' }));
      expect(await watchOn(ome, trade.id, m.token)).toMatchObject({ playbackUrl: null, webrtcUrl: null });
      await ok(call('PUT', `/admin/live-streams/${trade.id}`, staff, { live: 'Y' }));
      // the local dev source (no origin set): hls only
      expect(await watchOn(app, trade.id, m.token)).toMatchObject({ source: 'dev', webrtcUrl: null });
    } finally {
      await ome.close();
    }
  });

  it('comments: trimmed, 1 to 500 characters, at most one per 2 s and 20 a minute per member; published with a gapless seq', async () => {
    const s = await createStream({ name: 'ห้องคอมเมนต์', live: 'Y' });
    const m = await channelMember(s.id);
    const sub = listen(s.id);
    try {
      const first = await ok<LiveComment>(
        call('POST', `/member/live/${s.id}/comments`, m.token, { text: '  สวัสดีครับ  ' }),
        201,
      );
      expect(first).toMatchObject({
        seq: 1,
        kind: 'comment',
        text: 'สวัสดีครับ',
        courseId: m.courseId,
        author: { kind: 'member', name: 'สมาชิก' },
        call: null,
      });
      expect(first.streamTime).toBeGreaterThanOrEqual(0);
      await eventually(() => bus.some((b) => b.type === 'comment' && b.comment.streamId === s.id));

      const tooFast = await call('POST', `/member/live/${s.id}/comments`, m.token, { text: 'อีกครั้ง' });
      expect(tooFast.statusCode).toBe(429);
      expect(tooFast.json<Problem>().code).toBe('learning.live_comment_too_fast');
      expect(Number(tooFast.headers['retry-after'])).toBeGreaterThanOrEqual(1);

      await gapPassed(m.userId);
      const long = await call('POST', `/member/live/${s.id}/comments`, m.token, { text: 'ก'.repeat(501) });
      expect(long.statusCode).toBe(400);
      expect(JSON.stringify(long.json<Problem>())).toContain('learning.live_comment_too_long');
      const blank = await call('POST', `/member/live/${s.id}/comments`, m.token, { text: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(JSON.stringify(blank.json<Problem>())).toContain('validation.required');
      const exactly = await call('POST', `/member/live/${s.id}/comments`, m.token, { text: 'ข'.repeat(500) });
      expect(exactly.statusCode, exactly.body).toBe(201);

      // the minute: 20 accepted in all (the 500-character one counts), then refused
      for (let i = 2; i < LIVE_COMMENTS_PER_MINUTE; i++) {
        await gapPassed(m.userId);
        await ok(call('POST', `/member/live/${s.id}/comments`, m.token, { text: `ข้อความ ${i}` }), 201);
      }
      await gapPassed(m.userId);
      const minute = await call('POST', `/member/live/${s.id}/comments`, m.token, { text: 'ครั้งที่ 21' });
      expect(minute.statusCode).toBe(429);
      expect(Number(minute.headers['retry-after'])).toBeGreaterThan(1);

      const replay = await ok<LiveCommentReplay>(
        call('GET', `/member/live/${s.id}/comments?limit=200`, m.token),
      );
      expect(replay.items.map((c) => c.seq)).toEqual(
        Array.from({ length: LIVE_COMMENTS_PER_MINUTE }, (_, i) => i + 1),
      );
      expect(replay.lastSeq).toBe(LIVE_COMMENTS_PER_MINUTE);
      await eventually(
        () =>
          bus.filter((b) => b.type === 'comment' && b.comment.streamId === s.id).length ===
          LIVE_COMMENTS_PER_MINUTE,
      );
    } finally {
      sub.unsubscribe();
    }
  });

  it('a member registered through auth comments under their nickname, or first name and initial', async () => {
    const s = await createStream({ name: 'ชื่อผู้ชม', live: 'Y' });
    const m = await channelMember(s.id, 'Y', uuidv7());
    const tb = await TestBus.open(env, 'auth');
    try {
      await tb.deliver(
        buildEvent(
          UserRegistered,
          {
            userId: m.userId,
            email: 'somsri@example.com',
            firstName: 'สมศรี',
            lastName: 'ใจดี',
            nickname: null,
            phone: '0812345678',
            status: 'New',
            memberCode: 'M0001',
            registeredAt: new Date().toISOString(),
          },
          { source: 'auth' },
        ),
        'learning',
      );
    } finally {
      await tb.close();
    }
    const c = await ok<LiveComment>(
      call('POST', `/member/live/${s.id}/comments`, m.token, { text: 'hi' }),
      201,
    );
    expect(c.author).toEqual({ kind: 'member', name: 'สมศรี ใ.' });
    expect(JSON.stringify(c)).not.toContain('somsri@example.com');
  });

  it('staff hide a comment (gone from the replay, listed as hidden, a hidden message on the bus) and pin one', async () => {
    const s = await createStream({ name: 'ดูแลคอมเมนต์', live: 'Y' });
    const a = await channelMember(s.id);
    const b = await channelMember(s.id);
    const sub = listen(s.id);
    try {
      const c1 = await ok<LiveComment>(
        call('POST', `/member/live/${s.id}/comments`, a.token, { text: 'ดีมาก' }),
        201,
      );
      const c2 = await ok<LiveComment>(
        call('POST', `/member/live/${s.id}/comments`, b.token, { text: 'สแปม' }),
        201,
      );
      const host = await ok<LiveComment>(
        call('POST', `/admin/live-streams/${s.id}/comments`, staff, { text: 'ยินดีต้อนรับ' }),
        201,
      );
      expect(host.author).toEqual({ kind: 'staff', name: 'โค้ชบอย' });

      const pinned = await ok<LiveCommentStaff>(
        call('POST', `/admin/live-streams/${s.id}/comments/${c2.seq}/pin`, staff),
      );
      expect(pinned.pinned).toBe(true);
      await eventually(() =>
        bus.some(
          (m) => m.type === 'pinned' && m.pinned.streamId === s.id && m.pinned.comment?.seq === c2.seq,
        ),
      );
      const hidden = await ok<LiveCommentStaff>(
        call('POST', `/admin/live-streams/${s.id}/comments/${c2.seq}/hide`, staff),
      );
      expect(hidden.hiddenAt).not.toBeNull();
      expect(hidden.hiddenBy).toBe(staffId);
      await eventually(() =>
        bus.some((m) => m.type === 'hidden' && m.hidden.streamId === s.id && m.hidden.seq === c2.seq),
      );
      // hiding the pinned one unpins it for everyone
      await eventually(() =>
        bus.some((m) => m.type === 'pinned' && m.pinned.streamId === s.id && m.pinned.comment === null),
      );

      const replay = await ok<LiveCommentReplay>(call('GET', `/member/live/${s.id}/comments`, a.token));
      expect(replay.items.map((c) => c.seq)).toEqual([c1.seq, host.seq]);
      expect(replay.hidden).toEqual([c2.seq]);
      expect(replay.pinned).toBeNull();
      // a hidden comment cannot be pinned; another can
      expect(
        (await call('POST', `/admin/live-streams/${s.id}/comments/${c2.seq}/pin`, staff)).statusCode,
      ).toBe(404);
      await ok(call('POST', `/admin/live-streams/${s.id}/comments/${c1.seq}/pin`, staff));
      const again = await ok<LiveCommentReplay>(call('GET', `/member/live/${s.id}/comments`, b.token));
      expect(again.pinned?.seq).toBe(c1.seq);
      // staff still read the hidden one
      const staffList = await ok<{ items: LiveCommentStaff[] }>(
        call('GET', `/admin/live-streams/${s.id}/comments`, staff),
      );
      expect(staffList.items.map((c) => [c.seq, !!c.hiddenAt, c.pinned])).toEqual([
        [c1.seq, false, true],
        [c2.seq, true, false],
        [host.seq, false, false],
      ]);
      // the replay the gateway's SSE asks with the caller's token answers staff (no enrolment) too:
      // the comments dialog follows the same stream members do, from the list's newest seq
      const forStaff = await ok<LiveCommentReplay>(
        call('GET', `/member/live/${s.id}/comments?after=${c1.seq}`, staff),
      );
      expect(forStaff.items.map((c) => c.seq)).toEqual([host.seq]);
      expect(forStaff).toMatchObject({ hidden: [c2.seq], lastSeq: host.seq });
      expect(forStaff.pinned?.seq).toBe(c1.seq);
      const unpin = await call('DELETE', `/admin/live-streams/${s.id}/pin`, staff);
      expect(unpin.statusCode).toBe(204);
      expect(
        (await ok<LiveCommentReplay>(call('GET', `/member/live/${s.id}/comments`, a.token))).pinned,
      ).toBeNull();
      // a stream with comments cannot be deleted (they are the record)
      const del = await call('DELETE', `/admin/live-streams/${s.id}`, staff);
      expect(del.statusCode).toBe(409);
      expect(del.json<Problem>().code).toBe('learning.live_stream_has_comments');
    } finally {
      sub.unsubscribe();
    }
  });

  it('the replay pages after a seq without losing or repeating one', async () => {
    const s = await createStream({ name: 'เล่นซ้ำ', live: 'Y' });
    for (let i = 1; i <= 7; i++)
      await ok(call('POST', `/admin/live-streams/${s.id}/comments`, staff, { text: `#${i}` }), 201);
    const m = await channelMember(s.id);
    const seen: number[] = [];
    let after = 2;
    for (;;) {
      const page = await ok<LiveCommentReplay>(
        call('GET', `/member/live/${s.id}/comments?after=${after}&limit=2`, m.token),
      );
      seen.push(...page.items.map((c) => c.seq));
      if (!page.more) break;
      after = page.items.at(-1)!.seq;
    }
    expect(seen).toEqual([3, 4, 5, 6, 7]);
    const latest = await ok<LiveCommentReplay>(call('GET', `/member/live/${s.id}/comments?limit=3`, m.token));
    expect(latest.items.map((c) => c.text)).toEqual(['#5', '#6', '#7']);
  });

  it('trade calls: staff only, on a trade stream while it is live, kept with the stream time and listed for replay', async () => {
    const plain = await createStream({ name: 'ไม่ใช่เทรด', live: 'Y' });
    const trade = await createStream({ name: 'Live Trade', kind: 'trade' });
    const m = await channelMember(trade.id);
    const body = {
      symbol: 'xauusd',
      side: 'buy',
      entry: '2385.50',
      stop: '2379.00',
      target: '2398.00',
      note: ' เข้าเล็กน้อย ',
    };
    const notTrade = await call('POST', `/admin/live-streams/${plain.id}/calls`, staff, body);
    expect(notTrade.statusCode).toBe(409);
    expect(notTrade.json<Problem>().code).toBe('learning.live_not_trade');
    const offAir = await call('POST', `/admin/live-streams/${trade.id}/calls`, staff, body);
    expect(offAir.statusCode).toBe(409);
    expect(offAir.json<Problem>().code).toBe('learning.live_not_on_air');
    await ok(call('PUT', `/admin/live-streams/${trade.id}`, staff, { live: 'Y' }));
    expect((await call('POST', `/admin/live-streams/${trade.id}/calls`, m.token, body)).statusCode).toBe(403);
    const bad = await call('POST', `/admin/live-streams/${trade.id}/calls`, staff, { ...body, entry: '1,2' });
    expect(bad.statusCode).toBe(400);

    const c = await ok<LiveComment>(call('POST', `/admin/live-streams/${trade.id}/calls`, staff, body), 201);
    expect(c).toMatchObject({
      kind: 'call',
      text: 'เข้าเล็กน้อย',
      call: {
        symbol: 'XAUUSD',
        side: 'buy',
        entry: '2385.50',
        stop: '2379.00',
        target: '2398.00',
        note: 'เข้าเล็กน้อย',
      },
      author: { kind: 'staff', name: 'โค้ชบอย' },
    });
    expect(c.streamTime).toBeGreaterThanOrEqual(0);
    await ok(call('POST', `/member/live/${trade.id}/comments`, m.token, { text: 'รับทราบ' }), 201);
    const calls = await ok<LiveCommentList>(call('GET', `/member/live/${trade.id}/calls`, m.token));
    expect(calls.items.map((i) => i.seq)).toEqual([c.seq]);

    // the page shows the broadcast on air, else the latest: off air the last session's calls stay,
    // back on air the board starts empty and fills with this broadcast's calls only
    const callSeqs = async () =>
      (await ok<LiveCommentList>(call('GET', `/member/live/${trade.id}/calls`, m.token))).items.map(
        (i) => i.seq,
      );
    await ok(call('PUT', `/admin/live-streams/${trade.id}`, staff, { live: 'N' }));
    expect(await callSeqs()).toEqual([c.seq]);
    await ok(call('PUT', `/admin/live-streams/${trade.id}`, staff, { live: 'Y' }));
    expect(await callSeqs()).toEqual([]);
    const c2 = await ok<LiveComment>(call('POST', `/admin/live-streams/${trade.id}/calls`, staff, body), 201);
    expect(await callSeqs()).toEqual([c2.seq]);
  });

  it('"Now" reads by stream, course or session; exactly one of them; only what the member may read', async () => {
    const s = await createStream({ name: 'Now', live: 'Y' });
    const m = await channelMember(s.id);
    const other = await channelMember((await createStream({ name: 'อื่น', live: 'Y' })).id);
    await ok(call('POST', `/member/live/${s.id}/comments`, m.token, { text: 'ผ่านคอร์ส' }), 201);
    await ok(call('POST', `/admin/live-streams/${s.id}/comments`, staff, { text: 'จากทีมงาน' }), 201);
    const byStream = await ok<LiveCommentList>(
      call('GET', `/member/live/comments/now?streamId=${s.id}`, m.token),
    );
    expect(byStream.items.map((c) => c.text)).toEqual(['ผ่านคอร์ส', 'จากทีมงาน']);
    const byCourse = await ok<LiveCommentList>(
      call('GET', `/member/live/comments/now?courseId=${m.courseId}`, m.token),
    );
    expect(byCourse.items.map((c) => c.text)).toEqual(['ผ่านคอร์ส', 'จากทีมงาน']);
    expect(
      (await call('GET', `/member/live/comments/now?courseId=${m.courseId}`, other.token)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/member/live/comments/now?streamId=${s.id}`, other.token)).statusCode).toBe(
      404,
    );
    expect(
      (await call('GET', `/member/live/comments/now?streamId=${s.id}&courseId=${m.courseId}`, m.token))
        .statusCode,
    ).toBe(400);
    expect((await call('GET', `/member/live/comments/now`, m.token)).statusCode).toBe(400);

    const fx = new ContentFixtures(app);
    const session = await fx.session({ courseId: m.courseId, date: bangkokDay(new Date()), type: 'live' });
    const bySession = await ok<LiveCommentList>(
      call('GET', `/member/live/comments/now?sessionId=${session}`, m.token),
    );
    // a live session without its own stream uses the course's: that day's comments on it
    expect(bySession.items.map((c) => c.text)).toEqual(['ผ่านคอร์ส', 'จากทีมงาน']);
  });
});
