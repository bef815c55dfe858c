import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { breakerStates } from '@rian/kit/breaker';
import { createTestEnv, eventually, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import { TestBus } from '@rian/kit/testing-bus';
import { FakeLine, type FakeLinePush } from '@rian/kit/testing-line';
import type { ServiceApp } from '@rian/kit/service';
import { buildEvent, type EventData } from '@rian/proto-contracts/envelope';
import { UserRegistered } from '@rian/proto-contracts/auth';
import { UserLineLinked } from '@rian/proto-contracts/auth-social';
import { EnrolmentGranted } from '@rian/proto-contracts/learning';
import { EnrolmentChanged, type EnrolmentState } from '@rian/proto-contracts/learning-enrolments';
import { SessionChanged, SessionDeleted, type SessionRecord } from '@rian/proto-contracts/learning-content';
import { CheckinRecorded } from '@rian/proto-contracts/learning-checkin';
import { LiveChanged } from '@rian/proto-contracts/learning-live';
import type { Delivery } from '@rian/proto-contracts/notifications';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { buildApp } from '../../../src/app.js';
import { readConfig } from '../../../src/config.js';
import { ReminderScheduler } from '../../../src/plugins/app/reminder-scheduler.js';

const MEMBER_TOKEN = 'members-channel-token';
const SITE = 'https://rian.example';

/** What a member received on LINE, as the assertions compare it. */
const received = ({ authorization, retryKey, to, text }: FakeLinePush) => ({
  authorization,
  retryKey,
  to,
  text,
});

const registered = (userId: string, locale: 'th' | 'en') =>
  buildEvent(
    UserRegistered,
    {
      userId,
      email: `${userId.slice(-6)}@example.com`,
      memberCode: `M${userId.slice(-4)}`,
      firstName: 'Somchai',
      lastName: 'Jaidee',
      nickname: 'Chai',
      phone: '0812345678',
      status: 'New',
      registeredAt: '2026-11-26T14:05:00.000Z',
      locale,
    },
    { source: 'auth' },
  );
const lineLinked = (userId: string, lineUserId: string | null, changedAt: string) =>
  buildEvent(UserLineLinked, { userId, lineUserId, changedAt }, { source: 'auth' });
const granted = (userId: string, courseId: string, enrolmentId = uuidv7()) =>
  buildEvent(
    EnrolmentGranted,
    {
      enrolmentId,
      userId,
      courseId,
      source: 'order',
      orderId: uuidv7(),
      productId: uuidv7(),
      grantedAt: '2026-11-20T03:00:00.000Z',
    },
    { source: 'learning' },
  );
const enrolmentChanged = (
  state: Partial<EnrolmentState> & Pick<EnrolmentState, 'enrolmentId' | 'userId' | 'courseId'>,
  changedAt: string,
  action: EventData<typeof EnrolmentChanged>['action'] = state.status === 'ended' ? 'ended' : 'updated',
) =>
  buildEvent(
    EnrolmentChanged,
    {
      action,
      enrolment: {
        source: 'staff',
        status: 'active',
        orderId: null,
        productId: null,
        selected: 'N',
        courseStatus: 'Y',
        sptk: 'N',
        special: 'N',
        code: null,
        start: null,
        end: null,
        line: 'N',
        lineBy: null,
        facebook: 'N',
        facebookBy: null,
        note: null,
        ...state,
      },
      before: null,
      changedBy: action === 'announced' ? null : 'staff-1',
      changedAt,
    },
    { source: 'learning' },
  );
const session = (data: Partial<SessionRecord> & Pick<SessionRecord, 'id' | 'courseId' | 'title'>) =>
  buildEvent(
    SessionChanged,
    {
      type: 'meeting',
      item: 1,
      detail: null,
      date: '2026-12-01',
      start: '19:00',
      to: '21:00',
      close: 'unlimit',
      view: 'Y',
      checkin: 'N',
      special: 'N',
      rating: 1,
      pdf: null,
      videoId: null,
      zoomRoomId: null,
      instructorId: null,
      liveStreamId: null,
      createdBy: 'staff-1',
      createdAt: '2026-11-20T03:00:00.000Z',
      updatedAt: '2026-11-20T03:00:00.000Z',
      ...data,
    },
    { source: 'learning' },
  );
const checkedIn = (userId: string, courseId: string, data: Partial<EventData<typeof CheckinRecorded>> = {}) =>
  buildEvent(
    CheckinRecorded,
    {
      checkinId: uuidv7(),
      userId,
      sessionId: uuidv7(),
      courseId,
      sessionTitle: 'สัมมนาเทรดทองคำ',
      sessionDate: '2026-12-05',
      method: 'qr',
      checkedInAt: '2026-12-05T02:07:00.000Z',
      ...data,
    },
    { source: 'learning' },
  );
const liveOn = (streamId: string, courseIds: string[], liveSince: string, name = 'ไลฟ์ทองคำ') =>
  buildEvent(
    LiveChanged,
    { streamId, name, kind: 'stream', live: 'Y', liveSince, courseIds, changedAt: liveSince },
    { source: 'learning' },
  );

/** Members' LINE pushes (issue 20) against a local LINE stand-in, member LINE configured. */
describe('members’ LINE: reminders, live starts, check-in receipts', () => {
  let env: TestEnv;
  let line: FakeLine;
  let app: ServiceApp;
  let staff: string;
  let auth: TestBus;
  let learning: TestBus;
  let now = new Date('2026-12-01T09:00:00.000Z');
  const clock = () => now;

  const course = uuidv7();
  const otherCourse = uuidv7();
  // thai: linked, Thai; english: linked, English; unlinked: never linked; ended: linked, enrolment
  // ended; unlinkedLater: linked then unlinked; elsewhere: linked, enrolled in another course
  const thai = uuidv7();
  const english = uuidv7();
  const unlinked = uuidv7();
  const ended = uuidv7();
  const unlinkedLater = uuidv7();
  const elsewhere = uuidv7();
  const lineIdOf = (userId: string) => `U${userId.replace(/-/g, '')}`;

  const rows = async (template: string): Promise<Delivery[]> => {
    const res = await app.inject({
      method: 'GET',
      url: `/deliveries?template=${template}&pageSize=100`,
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ items: Delivery[] }>().items;
  };
  /** Waits until the rows of `template` sent to `to` number `count`, all sent, then gives them. */
  const sentRows = (template: string, count: number, filter: (d: Delivery) => boolean = () => true) =>
    eventually(async () => {
      const r = (await rows(template)).filter(filter);
      return r.length === count && r.every((d) => d.status === 'sent') && r;
    }, 15_000);
  const scheduler = () =>
    new ReminderScheduler({ orm: app.kit.orm, logger: app.kit.logger, siteUrl: SITE, clock });
  /** What LINE carried out for `lineUserId`: the messages the member received. */
  const receivedBy = (lineUserId: string) => line.pushes.filter((p) => p.to === lineUserId).map(received);

  beforeAll(async () => {
    env = await createTestEnv();
    line = new FakeLine({ messagingToken: MEMBER_TOKEN });
    await line.start();
    const issuer = await TestTokenIssuer.create();
    staff = await issuer.staff();
    app = await buildApp(
      readConfig(
        env.envFor('notifications', {
          ...line.messagingEnv,
          SITE_URL: SITE,
          MAIL_MAX_ATTEMPTS: '1',
        }),
      ),
      { tokenKeys: issuer.keys, clock },
    );
    await app.ready();
    auth = await TestBus.open(env, 'auth');
    learning = await TestBus.open(env, 'learning');

    await auth.deliver(registered(english, 'en'), 'notifications');
    for (const u of [thai, english, ended, unlinkedLater, elsewhere]) {
      await auth.deliver(lineLinked(u, lineIdOf(u), '2026-11-25T01:00:00.000Z'), 'notifications');
    }
    // unlinked later: the unlink is newer; an older link arriving after it changes nothing
    await auth.deliver(lineLinked(unlinkedLater, null, '2026-11-26T01:00:00.000Z'), 'notifications');
    await auth.deliver(lineLinked(unlinkedLater, 'Uolder', '2026-11-25T12:00:00.000Z'), 'notifications');
    for (const u of [thai, english, unlinked, unlinkedLater])
      await learning.deliver(granted(u, course), 'notifications');
    await learning.deliver(granted(elsewhere, otherCourse), 'notifications');
    const endedEnrolment = uuidv7();
    await learning.deliver(granted(ended, course, endedEnrolment), 'notifications');
    await learning.deliver(
      enrolmentChanged(
        { enrolmentId: endedEnrolment, userId: ended, courseId: course, status: 'ended' },
        '2026-11-24T03:00:00.000Z',
      ),
      'notifications',
    );
  });

  afterAll(async () => {
    await app?.close();
    await auth?.close();
    await learning?.close();
    await line?.stop();
    await env?.cleanup();
  });

  it('reminds the linked, enrolled members once, an hour before the session, each in their language', async () => {
    const sessionId = uuidv7();
    // 2026-12-01 19:00 Bangkok = 12:00Z; the reminder is due from 11:00Z
    await learning.deliver(session({ id: sessionId, courseId: course, title: 'Forex สด' }), 'notifications');
    // a recorded lesson at the same time is never reminded
    await learning.deliver(
      session({ id: uuidv7(), courseId: course, title: 'บทเรียนวิดีโอ', type: 'video' }),
      'notifications',
    );
    const ofSession = (d: Delivery) => d.subject.includes('Forex สด');

    now = new Date('2026-12-01T10:59:00.000Z');
    expect(await scheduler().runOnce()).toBe(0);
    expect((await rows('line.session-reminder')).filter(ofSession)).toEqual([]);

    now = new Date('2026-12-01T11:00:00.000Z');
    await scheduler().runOnce();
    await line.waitForPushes(2, { where: (p) => p.text.includes('Forex สด') });
    const sent = await sentRows('line.session-reminder', 2, ofSession);
    expect(sent.map((d) => `${d.to} ${d.locale}`).sort()).toEqual(
      [`${lineIdOf(thai)} th`, `${lineIdOf(english)} en`].sort(),
    );
    expect(receivedBy(lineIdOf(thai))).toEqual([
      {
        authorization: `Bearer ${MEMBER_TOKEN}`,
        retryKey: sent.find((d) => d.locale === 'th')!.id,
        to: lineIdOf(thai),
        text: 'ใกล้เริ่มแล้ว: Forex สด\nเรียนผ่าน Zoom วันที่ 1 ธ.ค. 2569 เวลา 19:00 น.\nตารางเรียน: https://rian.example/member/calendar',
      },
    ]);
    expect(receivedBy(lineIdOf(english)).map((p) => p.text)).toEqual([
      'Starting soon: Forex สด\nZoom class, 1 Dec 2026 at 19:00 (Bangkok time)\nYour schedule: https://rian.example/member/calendar',
    ]);

    // a second pass, and a second replica's scheduler, claim nothing more
    expect(await scheduler().runOnce()).toBe(0);
    now = new Date('2026-12-01T11:30:00.000Z');
    expect(await scheduler().runOnce()).toBe(0);
    expect((await rows('line.session-reminder')).filter(ofSession)).toHaveLength(2);
    // no one else: not the unlinked, the ended, the one who unlinked, nor a member of another course
    for (const u of [unlinked, ended, unlinkedLater, elsewhere]) {
      expect(line.requests.filter((p) => p.to === lineIdOf(u))).toEqual([]);
    }
    expect(line.requests.filter((p) => p.to === 'Uolder')).toEqual([]);
    expect(line.requests.filter((p) => p.text.includes('บทเรียนวิดีโอ'))).toEqual([]);
  });

  it('a session moved later is reminded again for its new time', async () => {
    const sessionId = uuidv7();
    const title = 'ห้องเรียนย้ายเวลา';
    const ofSession = (d: Delivery) => d.subject.includes(title);
    await learning.deliver(
      session({ id: sessionId, courseId: course, title, date: '2026-12-02', start: '10:00' }),
      'notifications',
    );
    now = new Date('2026-12-02T02:30:00.000Z'); // 09:30 Bangkok
    await scheduler().runOnce();
    await sentRows('line.session-reminder', 2, ofSession);
    // moved to 10:30 Bangkok (03:30Z)
    await learning.deliver(
      session({
        id: sessionId,
        courseId: course,
        title,
        date: '2026-12-02',
        start: '10:30',
        updatedAt: '2026-12-02T02:40:00.000Z',
      }),
      'notifications',
    );
    now = new Date('2026-12-02T02:45:00.000Z');
    await scheduler().runOnce();
    const sent = await sentRows('line.session-reminder', 4, ofSession);
    expect(sent.filter((d) => d.text.includes('เวลา 10:30 น.'))).toHaveLength(1);
    expect(sent.filter((d) => d.text.includes('at 10:30'))).toHaveLength(1);
    expect(await scheduler().runOnce()).toBe(0);
  });

  it('two replicas’ passes at the same time write each reminder once', async () => {
    const title = 'สองเครื่องพร้อมกัน';
    const ofSession = (d: Delivery) => d.subject.includes(title);
    await learning.deliver(
      session({ id: uuidv7(), courseId: course, title, date: '2026-12-03', start: '20:00' }),
      'notifications',
    );
    now = new Date('2026-12-03T12:15:00.000Z'); // 19:15 Bangkok
    const [a, b] = await Promise.all([scheduler().runOnce(), scheduler().runOnce()]);
    // the app's own scheduler may have claimed some meanwhile: never more than one each
    expect(a + b).toBeLessThanOrEqual(2);
    expect((await rows('line.session-reminder')).filter(ofSession)).toHaveLength(2);
    await sentRows('line.session-reminder', 2, ofSession);
  });

  it('special sessions remind special enrolments only; a deleted session reminds no one', async () => {
    const special = uuidv7();
    await learning.deliver(
      enrolmentChanged(
        { enrolmentId: uuidv7(), userId: thai, courseId: special, special: 'N' },
        '2026-11-20T03:00:00.000Z',
      ),
      'notifications',
    );
    await learning.deliver(
      enrolmentChanged(
        { enrolmentId: uuidv7(), userId: english, courseId: special, special: 'Y' },
        '2026-11-20T03:00:00.000Z',
      ),
      'notifications',
    );
    const kept = uuidv7();
    const deleted = uuidv7();
    const at = { date: '2026-12-04', start: '18:00' };
    await learning.deliver(
      session({ id: kept, courseId: special, title: 'เฉพาะพิเศษ', special: 'Y', ...at }),
      'notifications',
    );
    await learning.deliver(
      session({ id: deleted, courseId: special, title: 'ถูกลบ', ...at }),
      'notifications',
    );
    await learning.deliver(
      buildEvent(
        SessionDeleted,
        { id: deleted, courseId: special, deletedAt: '2026-12-04T01:00:00.000Z' },
        { source: 'learning' },
      ),
      'notifications',
    );
    now = new Date('2026-12-04T10:30:00.000Z'); // 17:30 Bangkok
    await scheduler().runOnce();
    const all = await rows('line.session-reminder');
    expect(all.filter((d) => d.subject.includes('ถูกลบ'))).toEqual([]);
    const sent = await sentRows('line.session-reminder', 1, (d) => d.subject.includes('เฉพาะพิเศษ'));
    expect(sent[0]).toMatchObject({ to: lineIdOf(english), locale: 'en' });
  });

  it('an enrolment learning announces (stored before its events) counts for reminders; a newer change still wins', async () => {
    // D163: learning announces enrolments notifications never heard of, with their last change time
    const announcedCourse = uuidv7();
    await learning.deliver(
      enrolmentChanged(
        { enrolmentId: uuidv7(), userId: thai, courseId: announcedCourse },
        '2026-03-05T06:30:00.000Z',
        'announced',
      ),
      'notifications',
    );
    // english's enrolment ended since; the announcement (older changedAt) arrives after the end
    const englishEnrolment = uuidv7();
    const englishState = { enrolmentId: englishEnrolment, userId: english, courseId: announcedCourse };
    await learning.deliver(
      enrolmentChanged({ ...englishState, status: 'ended' }, '2026-11-30T03:00:00.000Z'),
      'notifications',
    );
    await learning.deliver(
      enrolmentChanged(englishState, '2026-03-05T06:30:00.000Z', 'announced'),
      'notifications',
    );
    const title = 'ประกาศย้อนหลัง';
    // 2026-12-05 19:00 Bangkok = 12:00Z
    await learning.deliver(
      session({ id: uuidv7(), courseId: announcedCourse, title, date: '2026-12-05', start: '19:00' }),
      'notifications',
    );
    now = new Date('2026-12-05T11:15:00.000Z');
    await scheduler().runOnce();
    const sent = await sentRows('line.session-reminder', 1, (d) => d.subject.includes(title));
    expect(sent[0]).toMatchObject({ to: lineIdOf(thai), locale: 'th' });
  });

  it('a live start is told once per broadcast to the members of its courses', async () => {
    const streamId = uuidv7();
    const since = '2026-12-01T12:30:00.000Z';
    now = new Date('2026-12-01T12:30:05.000Z');
    const on = liveOn(streamId, [course, uuidv7()], since);
    await learning.deliver(on, 'notifications');
    await learning.deliver(on, 'notifications', `${on.id}-again`);
    // the same start told by another event (a replay) writes nothing more
    await learning.deliver(liveOn(streamId, [course], since), 'notifications');
    await line.waitForPushes(2, { where: (p) => p.text.includes('ไลฟ์ทองคำ') });
    const sent = await sentRows('line.live-started', 2);
    expect(sent.map((d) => d.to).sort()).toEqual([lineIdOf(thai), lineIdOf(english)].sort());
    expect(
      receivedBy(lineIdOf(thai))
        .filter((p) => p.text.includes('ไลฟ์ทองคำ'))
        .map((p) => p.text),
    ).toEqual(['ไลฟ์ทองคำ เริ่มถ่ายทอดสดแล้ว\nรับชมได้ที่ https://rian.example/member/livestreaming']);
    expect(
      receivedBy(lineIdOf(english))
        .filter((p) => p.text.includes('ไลฟ์ทองคำ'))
        .map((p) => p.text),
    ).toEqual(['ไลฟ์ทองคำ is live now\nWatch: https://rian.example/member/livestreaming']);

    // going live again later is a new broadcast: told again
    now = new Date('2026-12-02T12:31:00.000Z');
    await learning.deliver(liveOn(streamId, [course], '2026-12-02T12:30:00.000Z'), 'notifications');
    await sentRows('line.live-started', 4);

    // a start heard over an hour after it happened (an outage, a replay) tells no one
    now = new Date('2026-12-03T14:00:00.000Z');
    const late = liveOn(streamId, [course], '2026-12-03T12:59:00.000Z', 'ไลฟ์ที่ได้ยินช้า');
    await learning.deliver(late, 'notifications');
    // handled (the staff chat's row is written) but no member push
    const staffRows = await app.inject({
      method: 'GET',
      url: '/deliveries?template=staff-chat.&pageSize=100',
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(staffRows.json<{ items: Delivery[] }>().items.filter((d) => d.eventId === late.id)).not.toEqual(
      [],
    );
    expect((await rows('line.live-started')).filter((d) => d.subject.includes('ไลฟ์ที่ได้ยินช้า'))).toEqual([]);
  });

  it('a check-in gets a receipt in the member’s language; an unlinked member gets nothing', async () => {
    const mine = checkedIn(english, course, { sessionTitle: 'Gold seminar' });
    await learning.deliver(mine, 'notifications');
    await learning.deliver(mine, 'notifications', `${mine.id}-again`);
    await learning.deliver(checkedIn(unlinked, course, { sessionTitle: 'Gold seminar' }), 'notifications');
    await line.waitForPushes(1, { where: (p) => p.text.includes('Gold seminar') });
    const [row] = await sentRows('line.check-in-receipt', 1);
    expect(row).toMatchObject({
      channel: 'line',
      to: lineIdOf(english),
      locale: 'en',
      subject: 'Checked in: Gold seminar',
    });
    expect(line.pushes.filter((p) => p.text.includes('Gold seminar')).map(received)).toEqual([
      {
        authorization: `Bearer ${MEMBER_TOKEN}`,
        retryKey: row!.id,
        to: lineIdOf(english),
        text: 'Checked in: Gold seminar\n5 Dec 2026 at 09:07 (Bangkok time)',
      },
    ]);
  });

  it('a push LINE took but whose answer was lost is resent once: the retry key stops a second message', async () => {
    line.api = 'lost';
    await learning.deliver(checkedIn(thai, course, { sessionTitle: 'คำตอบหาย' }), 'notifications');
    // LINE carried it out (the member has it) but its answer was 500
    const [taken] = await line.waitForPushes(1, { where: (p) => p.text.includes('คำตอบหาย') });
    const failed = await eventually(async () => {
      const r = (await rows('line.check-in-receipt')).find((d) => d.subject.includes('คำตอบหาย'));
      return r?.status === 'failed' && r;
    });
    expect(taken!.retryKey).toBe(failed.id);
    expect(failed.error).toContain('HTTP 500');
    line.api = 'ok';
    const res = await app.inject({
      method: 'POST',
      url: `/deliveries/${failed.id}/resend`,
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(res.statusCode).toBe(200);
    await sentRows('line.check-in-receipt', 1, (d) => d.id === failed.id);
    // LINE answered the resend 409 (already accepted): the member got the message once
    expect(line.requests.filter((p) => p.retryKey === failed.id).map((p) => p.status)).toEqual([500, 409]);
    expect(line.pushes.filter((p) => p.retryKey === failed.id)).toHaveLength(1);
  });

  it('LINE down: pushes fail into the log, the breaker opens, and a resend goes once LINE is back', async () => {
    line.api = 'error';
    const title = 'ไลน์ล่ม';
    const ofDown = (d: Delivery) => d.subject.includes(title);
    const lineOpen = () =>
      [...breakerStates()].some(([name, state]) => name === 'line-members' && state === 'open');
    // failures open the breaker once they are half the pushes of its window (earlier successes count)
    let pushed = 0;
    while (!lineOpen()) {
      expect(pushed).toBeLessThan(60);
      await learning.deliver(
        checkedIn(thai, course, { sessionTitle: `${title} ${pushed}` }),
        'notifications',
      );
      pushed++;
      // each push tried (failed), or the breaker open, before the next
      await eventually(
        async () =>
          lineOpen() ||
          (await rows('line.check-in-receipt')).filter(ofDown).every((d) => d.status === 'failed'),
      );
    }
    const failed = (await rows('line.check-in-receipt')).filter((d) => ofDown(d) && d.status === 'failed');
    expect(failed.length).toBeGreaterThanOrEqual(5);
    expect(failed[0]!.error).toContain('HTTP 500');
    expect(line.pushes.filter((p) => p.text.includes(title))).toEqual([]);
    // it reached LINE (with the members' channel token) and was answered 500, nothing carried out
    expect(
      line.requests.filter((p) => p.retryKey === failed[0]!.id).map((p) => `${p.authorization} ${p.status}`),
    ).toEqual([`Bearer ${MEMBER_TOKEN} 500`]);

    line.api = 'ok';
    const res = await app.inject({
      method: 'POST',
      url: `/deliveries/${failed[0]!.id}/resend`,
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(res.statusCode).toBe(200);
    // after the breaker's wait (15 s) a trial push closes it: the resent one and those held back go
    await line.waitForPushes(1, { where: (p) => p.retryKey === failed[0]!.id, timeoutMs: 40_000 });
    const done = await eventually(async () => {
      const r = (await rows('line.check-in-receipt')).filter(ofDown);
      return r.length === pushed && r.every((d) => d.status !== 'pending') && r;
    }, 40_000);
    const resent = done.find((d) => d.id === failed[0]!.id)!;
    expect(resent).toMatchObject({ status: 'sent', resentCount: 1 });
    expect(line.pushes.filter((p) => p.retryKey === resent.id)).toHaveLength(1);
  }, 60_000);
});

/** Member LINE not configured: the read models are kept, nothing is pushed or logged. */
describe('members’ LINE not configured', () => {
  let env: TestEnv;
  let line: FakeLine;
  let app: ServiceApp;
  let staff: string;
  let auth: TestBus;
  let learning: TestBus;

  beforeAll(async () => {
    env = await createTestEnv();
    line = new FakeLine();
    await line.start();
    const issuer = await TestTokenIssuer.create();
    staff = await issuer.staff();
    // the API address is given, the token is not
    app = await buildApp(readConfig(env.envFor('notifications', { LINE_MEMBER_API_URL: line.url })), {
      tokenKeys: issuer.keys,
    });
    await app.ready();
    auth = await TestBus.open(env, 'auth');
    learning = await TestBus.open(env, 'learning');
  });

  afterAll(async () => {
    await app?.close();
    await auth?.close();
    await learning?.close();
    await line?.stop();
    await env?.cleanup();
  });

  it('a linked, enrolled member gets no live alert nor receipt, and no row is written', async () => {
    const member = uuidv7();
    const course = uuidv7();
    await auth.deliver(lineLinked(member, 'Unotconfigured', '2026-11-25T01:00:00.000Z'), 'notifications');
    await learning.deliver(granted(member, course), 'notifications');
    const live = liveOn(uuidv7(), [course], '2026-12-01T12:30:00.000Z');
    await learning.deliver(live, 'notifications');
    await learning.deliver(checkedIn(member, course), 'notifications');
    // the staff chat's row for the live start is there (skipped: no staff chat either): the event was handled
    const res = await app.inject({
      method: 'GET',
      url: '/deliveries?pageSize=100',
      headers: { authorization: `Bearer ${staff}` },
    });
    const all = res.json<{ items: Delivery[] }>().items;
    expect(all.filter((d) => d.eventId === live.id).map((d) => `${d.template} ${d.status}`)).toEqual([
      'staff-chat.live-started.line skipped',
    ]);
    expect(all.filter((d) => d.template.startsWith('line.'))).toEqual([]);
    expect(line.requests).toEqual([]);
  });
});
