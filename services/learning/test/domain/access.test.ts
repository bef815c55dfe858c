import { describe, expect, it } from 'vitest';
import {
  addDays,
  enrolmentCovers,
  canSeeSchedule,
  bangkokDay,
  canOpenSession,
  sessionCloses,
  type AccessDecision,
  type AccessEnrolment,
  type AccessSession,
} from '../../src/domain/access.js';

/**
 * The access rule, case by case. A session dated 2026-05-10 (D); "today" is the Asia/Bangkok day.
 * The window: opens on D; a close day C keeps it open through C; close = unlimit: a recorded
 * lesson never closes, a meeting / live / on-site session closes after D+3 (spec 02 §9's 3-day
 * check, four days counting D).
 */
const D = '2026-05-10';
const enrolment: AccessEnrolment = {
  courseId: 'c1',
  status: 'active',
  special: 'N',
  start: '2026-05-01',
  end: null,
};
const video: AccessSession = {
  courseId: 'c1',
  type: 'video',
  view: 'Y',
  special: 'N',
  date: D,
  close: 'unlimit',
};
const meeting: AccessSession = { ...video, type: 'meeting' };

type Case = [string, AccessEnrolment | null, AccessSession, string, AccessDecision];
const allow = (until: string | null): AccessDecision => ({ allow: true, until });
const deny = (reason: string) => ({ allow: false, reason }) as AccessDecision;

const CASES: Case[] = [
  // the enrolment
  ['enrolled, video on its day', enrolment, video, D, allow(null)],
  ['no enrolment', null, video, D, deny('not_enrolled')],
  ['enrolled in another course', { ...enrolment, courseId: 'c2' }, video, D, deny('not_enrolled')],
  ['course ids compare in any letter case', { ...enrolment, courseId: 'C1' }, video, D, allow(null)],
  ['ended enrolment (status ended)', { ...enrolment, status: 'ended' }, video, D, deny('enrolment_inactive')],
  [
    'enrolment starts tomorrow',
    { ...enrolment, start: '2026-05-11' },
    video,
    D,
    deny('enrolment_not_started'),
  ],
  ['enrolment starts today', { ...enrolment, start: D }, video, D, allow(null)],
  ['enrolment without a start day', { ...enrolment, start: null }, video, D, allow(null)],
  ['enrolment ends today: still in', { ...enrolment, end: D }, video, D, allow(null)],
  ['enrolment ended yesterday', { ...enrolment, end: '2026-05-09' }, video, D, deny('enrolment_ended')],
  // the session
  ['hidden session (view N)', enrolment, { ...video, view: 'N' }, D, deny('hidden')],
  ['special session, ordinary enrolment', enrolment, { ...video, special: 'Y' }, D, deny('special_only')],
  [
    'special session, special enrolment',
    { ...enrolment, special: 'Y' },
    { ...video, special: 'Y' },
    D,
    allow(null),
  ],
  ['ordinary session, special enrolment', { ...enrolment, special: 'Y' }, video, D, allow(null)],
  // the window: opens on D
  ['video, the day before D', enrolment, video, '2026-05-09', deny('not_yet_open')],
  ['meeting, the day before D', enrolment, meeting, '2026-05-09', deny('not_yet_open')],
  ['session without a date: open', enrolment, { ...meeting, date: null }, D, allow(null)],
  // unlimit: a video never closes, a time-bound session closes after D+3
  ['video, unlimit, a year later', enrolment, video, '2027-05-10', allow(null)],
  ['meeting, unlimit, D+3 = 05-13: 4th day, open', enrolment, meeting, '2026-05-13', allow('2026-05-13')],
  ['meeting, unlimit, D+4 = 05-14: closed', enrolment, meeting, '2026-05-14', deny('closed')],
  ['live, unlimit, D+3: open', enrolment, { ...meeting, type: 'live' }, '2026-05-13', allow('2026-05-13')],
  ['real, unlimit, D+4: closed', enrolment, { ...meeting, type: 'real' }, '2026-05-14', deny('closed')],
  // a close day, whatever the type
  [
    'video closing 05-12, on 05-12: open',
    enrolment,
    { ...video, close: '2026-05-12' },
    '2026-05-12',
    allow('2026-05-12'),
  ],
  [
    'video closing 05-12, on 05-13: closed',
    enrolment,
    { ...video, close: '2026-05-12' },
    '2026-05-13',
    deny('closed'),
  ],
  [
    'meeting closing 05-20, on 05-20 (past D+3): open',
    enrolment,
    { ...meeting, close: '2026-05-20' },
    '2026-05-20',
    allow('2026-05-20'),
  ],
  ['meeting closing on D, on D+1: closed', enrolment, { ...meeting, close: D }, '2026-05-11', deny('closed')],
  // the enrolment is checked before the window: a hidden session of another course is just "not enrolled"
  [
    'another course, hidden, out of window',
    null,
    { ...meeting, view: 'N' },
    '2026-06-01',
    deny('not_enrolled'),
  ],
];

describe('canOpenSession', () => {
  it.each(CASES)('%s', (_name, e, s, today, expected) => {
    expect(canOpenSession(e, s, today)).toEqual(expected);
  });
});

describe('canSeeSchedule (the calendar: the rule without the window)', () => {
  it.each(CASES)('%s', (_name, e, s, today, expected) => {
    const windowOnly = !expected.allow && ['not_yet_open', 'closed'].includes(expected.reason);
    const got = canSeeSchedule(e, s, today);
    if (windowOnly) expect(got.allow).toBe(true);
    else expect(got.allow).toBe(expected.allow);
  });
});

describe("enrolmentCovers (a course's own documents: the enrolment alone)", () => {
  it.each([
    ['active, started, no end', enrolment, 'c1', allow(null)],
    ['another course', enrolment, 'c2', deny('not_enrolled')],
    ['ended', { ...enrolment, status: 'ended' }, 'c1', deny('enrolment_inactive')],
    ['past its end day', { ...enrolment, end: '2026-05-09' }, 'c1', deny('enrolment_ended')],
    ['ends today', { ...enrolment, end: D }, 'c1', allow(D)],
    ['starts tomorrow', { ...enrolment, start: '2026-05-11' }, 'c1', deny('enrolment_not_started')],
  ] as const)('%s', (_name, e, courseId, expected) => {
    expect(enrolmentCovers(e, courseId, D)).toEqual(expected);
  });
});

describe('days', () => {
  it.each([
    ['2026-05-10', 3, '2026-05-13'],
    ['2026-02-27', 3, '2026-03-02'],
    ['2024-02-27', 3, '2024-03-01'],
    ['2026-12-30', 3, '2027-01-02'],
  ])('%s + %i = %s', (day, n, expected) => expect(addDays(day, n)).toBe(expected));

  it.each([
    ['2026-05-09T16:59:59Z is still 05-09 in Bangkok', '2026-05-09T16:59:59Z', '2026-05-09'],
    ['2026-05-09T17:00:00Z is 05-10 in Bangkok (UTC+7)', '2026-05-09T17:00:00Z', '2026-05-10'],
  ])('%s', (_name, instant, expected) => expect(bangkokDay(new Date(instant))).toBe(expected));

  it('a session closes on its close day, else video never, else D+3', () => {
    expect(sessionCloses({ type: 'video', date: D, close: 'unlimit' })).toBeNull();
    expect(sessionCloses({ type: 'meeting', date: D, close: 'unlimit' })).toBe('2026-05-13');
    expect(sessionCloses({ type: 'meeting', date: null, close: 'unlimit' })).toBeNull();
    expect(sessionCloses({ type: 'video', date: D, close: '2026-06-01' })).toBe('2026-06-01');
  });
});
