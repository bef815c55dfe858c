import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import type { Problem } from '@rian/proto-contracts/errors';
import { VideoChanged, type VideoStaff } from '@rian/proto-contracts/learning-content';
import type {
  LiveBroadcastsPage,
  LiveComment,
  LiveCommentStaffList,
  LiveStreamWithKey,
  ReplayCallList,
} from '@rian/proto-contracts/learning-live';
import type { SessionView } from '@rian/proto-contracts/learning-member';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { addDays, bangkokDay } from '../../src/domain/access.js';
import { ContentFixtures } from '../content-fixtures.js';
import { learningEvents } from '../content-events.js';
import { bearer, startLearning } from '../helpers.js';

/**
 * Issue 15, the replay: a broadcast each time a stream is on air (its comments and calls carry it),
 * a lesson video marked as its recording, and the member reading the recording's calls in the
 * video's time under the session's own access rule.
 */
describe('live broadcasts and the recording replay', () => {
  let env: TestEnv;
  let issuer: TestTokenIssuer;
  let app: ServiceApp;
  let fx: ContentFixtures;
  let staff: string;
  const staffId = `staff-${uuidv7()}`;
  const today = () => bangkokDay(new Date());

  beforeAll(async () => {
    env = await createTestEnv();
    issuer = await TestTokenIssuer.create();
    app = await startLearning(env, issuer);
    fx = new ContentFixtures(app);
    staff = await issuer.sign({ sub: staffId, kind: 'staff', role: 'staff', name: 'โค้ชบอย' });
  });

  afterAll(async () => {
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
  const broadcasts = (streamId: string) =>
    ok<LiveBroadcastsPage>(call('GET', `/admin/live-streams/${streamId}/broadcasts`, staff));
  const setLive = (streamId: string, live: 'Y' | 'N') =>
    ok(call('PUT', `/admin/live-streams/${streamId}`, staff, { live }));
  const postCall = (streamId: string, symbol: string) =>
    ok<LiveComment>(
      call('POST', `/admin/live-streams/${streamId}/calls`, staff, { symbol, side: 'buy', entry: '1.1' }),
      201,
    );
  /** moves a call's stream time (the test cannot wait minutes between calls) */
  const callAt = (streamId: string, seq: number, streamTime: number) =>
    app.kit.orm.em
      .fork()
      .execute(`update live_comments set stream_time = ? where live_stream_id = ? and seq = ?`, [
        streamTime,
        streamId,
        seq,
      ]);

  /** a trade stream with one finished broadcast holding calls at 10 s, 40 s, 70 s and 100 s (the third hidden) */
  async function finishedBroadcast() {
    const stream = await ok<LiveStreamWithKey>(
      call('POST', '/admin/live-streams', staff, { name: 'ห้องเทรด', kind: 'trade' }),
      201,
    );
    await ok(call('POST', `/admin/live-streams/${stream.id}/comments`, staff, { text: 'ก่อนเริ่ม' }), 201);
    await setLive(stream.id, 'Y');
    const posted: LiveComment[] = [];
    for (const [symbol, at] of [
      ['EURUSD', 10],
      ['GBPUSD', 40],
      ['USDJPY', 70],
      ['XAUUSD', 100],
    ] as const) {
      const c = await postCall(stream.id, symbol);
      await callAt(stream.id, c.seq, at);
      posted.push(c);
    }
    await ok(call('POST', `/admin/live-streams/${stream.id}/comments/${posted[2]!.seq}/hide`, staff));
    await setLive(stream.id, 'N');
    const [b] = (await broadcasts(stream.id)).items;
    return { stream, broadcast: b!, posted };
  }

  /** a course with a shown upload video in a video session of today, and an enrolled member */
  async function lesson() {
    const course = await app.courses.create({ title: `คอร์ส ${uuidv7().slice(-4)}` }, null);
    const video = await fx.uploadVideo(course.id);
    const sessionId = await fx.session({ courseId: course.id, date: today(), videoId: video.id });
    const userId = `m-${uuidv7()}`;
    await app.enrolmentAdmin.grant({ userId, courseId: course.id, start: addDays(today(), -1) }, staffId);
    return { course, video, sessionId, token: await issuer.member(userId, { status: 'Premium' }) };
  }

  it('going live opens a broadcast and stopping ends it; comments and calls carry it, nothing posted off air does', async () => {
    const stream = await ok<LiveStreamWithKey>(
      call('POST', '/admin/live-streams', staff, { name: 'ห้องเทรด', kind: 'trade' }),
      201,
    );
    expect((await broadcasts(stream.id)).items).toEqual([]);
    const before = await ok<LiveComment>(
      call('POST', `/admin/live-streams/${stream.id}/comments`, staff, { text: 'ยังไม่ออกอากาศ' }),
      201,
    );
    expect(before.broadcastId).toBeNull();

    await setLive(stream.id, 'Y');
    const first = (await broadcasts(stream.id)).items;
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ streamId: stream.id, endedAt: null, callCount: 0, recordingCount: 0 });
    const c1 = await postCall(stream.id, 'EURUSD');
    const t1 = await ok<LiveComment>(
      call('POST', `/admin/live-streams/${stream.id}/comments`, staff, { text: 'สวัสดี' }),
      201,
    );
    expect(c1.broadcastId).toBe(first[0]!.id);
    expect(t1.broadcastId).toBe(first[0]!.id);
    // a change that is not live N → Y opens nothing
    await ok(call('PUT', `/admin/live-streams/${stream.id}`, staff, { detail: 'วันจันทร์' }));
    expect((await broadcasts(stream.id)).total).toBe(1);

    await setLive(stream.id, 'N');
    const ended = (await broadcasts(stream.id)).items[0]!;
    expect(ended.endedAt).not.toBeNull();
    expect(Date.parse(ended.endedAt!)).toBeGreaterThanOrEqual(Date.parse(ended.startedAt));
    expect(ended.callCount).toBe(1);
    const off = await ok<LiveComment>(
      call('POST', `/admin/live-streams/${stream.id}/comments`, staff, { text: 'จบแล้ว' }),
      201,
    );
    expect(off.broadcastId).toBeNull();

    // on air again: a second broadcast, listed first
    await setLive(stream.id, 'Y');
    const c2 = await postCall(stream.id, 'GBPUSD');
    const again = (await broadcasts(stream.id)).items;
    expect(again.map((b) => [b.id === first[0]!.id, b.endedAt === null, b.callCount])).toEqual([
      [false, true, 1],
      [true, false, 1],
    ]);
    expect(c2.broadcastId).toBe(again[0]!.id);
    // staff see it on the comments too
    const staffList = await ok<LiveCommentStaffList>(
      call('GET', `/admin/live-streams/${stream.id}/comments`, staff),
    );
    expect(staffList.items.map((c) => c.broadcastId)).toEqual([
      null,
      first[0]!.id,
      first[0]!.id,
      null,
      again[0]!.id,
    ]);
    await setLive(stream.id, 'N');
  });

  it('a stream created live opens its broadcast at once; members and unknown streams get no broadcast list', async () => {
    const stream = await ok<LiveStreamWithKey>(
      call('POST', '/admin/live-streams', staff, { name: 'สด', kind: 'trade', live: 'Y' }),
      201,
    );
    const [b] = (await broadcasts(stream.id)).items;
    expect(b).toMatchObject({ endedAt: null });
    expect(Date.parse(b!.startedAt)).toBe(Date.parse(stream.liveSince!));
    expect((await postCall(stream.id, 'EURUSD')).broadcastId).toBe(b!.id);
    const member = await issuer.member(uuidv7(), { status: 'Premium' });
    expect((await call('GET', `/admin/live-streams/${stream.id}/broadcasts`, member)).statusCode).toBe(403);
    expect((await call('GET', `/admin/live-streams/${stream.id}/broadcasts`)).statusCode).toBe(401);
    const unknown = await call('GET', `/admin/live-streams/${uuidv7()}/broadcasts`, staff);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<Problem>().code).toBe('learning.live_stream_not_found');
    await setLive(stream.id, 'N');
  });

  it('staff mark a video as the recording of a broadcast with an offset, and unmark it; an unknown broadcast is 400 and changes nothing', async () => {
    const { broadcast } = await finishedBroadcast();
    const { course, video } = await lesson();
    const url = `/admin/videos/${video.id}`;

    const unknown = await call('PUT', url, staff, { recordingBroadcastId: uuidv7(), recordingOffsetS: 5 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.headers['content-type']).toContain('application/problem+json');
    expect(unknown.json<Problem>().errors).toContainEqual({
      field: 'recordingBroadcastId',
      code: 'learning.live_broadcast_unknown',
      message: 'ไม่พบการถ่ายทอดสดนี้ กรุณาเลือกจากรายการ',
    });
    const badOffset = await call('PUT', url, staff, {
      recordingBroadcastId: broadcast.id,
      recordingOffsetS: -1,
    });
    expect(badOffset.statusCode).toBe(400);
    const unchanged = await ok<VideoStaff>(call('GET', url, staff));
    expect(unchanged).toMatchObject({ recordingBroadcastId: null, recordingOffsetS: 0, recording: null });

    const marked = await ok<VideoStaff>(
      call('PUT', url, staff, { recordingBroadcastId: broadcast.id, recordingOffsetS: 30 }),
    );
    expect(marked).toMatchObject({
      recordingBroadcastId: broadcast.id,
      recordingOffsetS: 30,
      recording: { id: broadcast.id, streamName: 'ห้องเทรด', startedAt: broadcast.startedAt },
    });
    const events = await learningEvents(
      env,
      VideoChanged,
      (d) => d.id === video.id && d.recordingBroadcastId === broadcast.id,
      1,
    );
    expect(events[0]!.data.recordingOffsetS).toBe(30);
    expect((await broadcasts(broadcast.streamId)).items[0]!.recordingCount).toBe(1);
    // another change keeps it
    const renamed = await ok<VideoStaff>(call('PUT', url, staff, { name: 'บทเรียนย้อนหลัง' }));
    expect(renamed.recordingBroadcastId).toBe(broadcast.id);

    const unmarked = await ok<VideoStaff>(call('PUT', url, staff, { recordingBroadcastId: null }));
    expect(unmarked).toMatchObject({ recordingBroadcastId: null, recordingOffsetS: 0, recording: null });
    expect((await broadcasts(broadcast.streamId)).items[0]!.recordingCount).toBe(0);

    // on create too
    const created = await call('POST', '/admin/videos', staff, {
      courseId: course.id,
      name: 'ใหม่',
      source: 'vimeo',
      vimeoId: '1234',
      recordingBroadcastId: uuidv7(),
    });
    expect(created.statusCode).toBe(400);
    expect(created.json<Problem>().errors).toContainEqual(
      expect.objectContaining({ code: 'learning.live_broadcast_unknown' }),
    );
  });

  it('a member who may open the session reads the recording’s visible calls at their time in the video; the session says it is a recording', async () => {
    const { broadcast, posted } = await finishedBroadcast();
    const { video, sessionId, token } = await lesson();
    await ok(
      call('PUT', `/admin/videos/${video.id}`, staff, {
        recordingBroadcastId: broadcast.id,
        recordingOffsetS: 30,
      }),
    );

    const view = await ok<SessionView>(call('GET', `/member/sessions/${sessionId}`, token));
    expect(view.video?.recordingBroadcastId).toBe(broadcast.id);
    const replay = await ok<ReplayCallList>(call('GET', `/member/sessions/${sessionId}/calls`, token));
    expect(replay).toMatchObject({ broadcastId: broadcast.id, offsetS: 30 });
    // 10 s is before the video's 0 (stream second 30): at 0; 40 → 10; 70 hidden; 100 → 70
    expect(replay.items.map((c) => [c.call?.symbol, c.streamTime, c.videoTime])).toEqual([
      ['EURUSD', 10, 0],
      ['GBPUSD', 40, 10],
      ['XAUUSD', 100, 70],
    ]);
    expect(replay.items.map((c) => c.seq)).not.toContain(posted[2]!.seq);
    expect(replay.items.every((c) => c.kind === 'call' && c.broadcastId === broadcast.id)).toBe(true);

    // a video that records nothing: no calls, and the session says so
    const plain = await lesson();
    expect(
      (await ok<SessionView>(call('GET', `/member/sessions/${plain.sessionId}`, plain.token))).video,
    ).toMatchObject({ recordingBroadcastId: null });
    expect(
      await ok<ReplayCallList>(call('GET', `/member/sessions/${plain.sessionId}/calls`, plain.token)),
    ).toEqual({
      broadcastId: null,
      offsetS: 0,
      items: [],
    });
  });

  it('the same rule as opening the session: another course’s member, an unknown session, a closed or unshown one answer 404 (never 403)', async () => {
    const { broadcast } = await finishedBroadcast();
    const mine = await lesson();
    const theirs = await lesson();
    await ok(call('PUT', `/admin/videos/${mine.video.id}`, staff, { recordingBroadcastId: broadcast.id }));
    const notFound = async (sessionId: string, token: string, why: string) => {
      const res = await call('GET', `/member/sessions/${sessionId}/calls`, token);
      expect(res.statusCode, why).toBe(404);
      expect(res.json<Problem>().code, why).toBe('learning.session_not_found');
      expect(res.body, why).not.toContain(broadcast.id);
    };
    await notFound(mine.sessionId, theirs.token, 'a member of another course');
    await notFound(uuidv7(), mine.token, 'an unknown session');
    const noEnrolment = await issuer.member(`n-${uuidv7()}`, { status: 'Premium' });
    await notFound(mine.sessionId, noEnrolment, 'no enrolment');
    // a session not viewable, and a video no longer shown, answer as the session does
    const db = app.kit.orm.em.fork();
    await db.execute(`update course_sessions set view = 'N' where session_id = ?`, [mine.sessionId]);
    await notFound(mine.sessionId, mine.token, 'a hidden session');
    expect((await call('GET', `/member/sessions/${mine.sessionId}`, mine.token)).statusCode).toBe(404);
    await db.execute(`update course_sessions set view = 'Y' where session_id = ?`, [mine.sessionId]);
    await db.execute(`update videos set status = 'hide' where video_id = ?`, [mine.video.id]);
    await notFound(mine.sessionId, mine.token, 'a video not shown');
    await db.execute(`update videos set status = 'show' where video_id = ?`, [mine.video.id]);
    expect((await call('GET', `/member/sessions/${mine.sessionId}/calls`, mine.token)).statusCode).toBe(200);
    // staff are not members here
    expect((await call('GET', `/member/sessions/${mine.sessionId}/calls`, staff)).statusCode).toBe(403);
    expect((await call('GET', `/member/sessions/${mine.sessionId}/calls`)).statusCode).toBe(401);
  });

  it('deleting a stream with broadcasts but no comments takes its broadcasts; a video recording one loses it, with its event', async () => {
    const stream = await ok<LiveStreamWithKey>(
      call('POST', '/admin/live-streams', staff, { name: 'ทดลอง', kind: 'trade' }),
      201,
    );
    await setLive(stream.id, 'Y');
    await setLive(stream.id, 'N');
    const [b] = (await broadcasts(stream.id)).items;
    const { video } = await lesson();
    await ok(
      call('PUT', `/admin/videos/${video.id}`, staff, { recordingBroadcastId: b!.id, recordingOffsetS: 3 }),
    );
    expect((await call('DELETE', `/admin/live-streams/${stream.id}`, staff)).statusCode).toBe(204);
    expect(await ok<VideoStaff>(call('GET', `/admin/videos/${video.id}`, staff))).toMatchObject({
      recordingBroadcastId: null,
      recordingOffsetS: 0,
    });
    await learningEvents(env, VideoChanged, (d) => d.id === video.id && d.recordingBroadcastId === null, 1);
  });
});
