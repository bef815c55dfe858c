import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkinUrl } from '@rian/proto-contracts/learning-checkin';
import {
  checkinStep,
  codeKind,
  qrCode,
  stepEnds,
  typedCode,
  verifyCode,
} from '../../src/domain/checkin-code.js';
import { checkinDenial, checkinWindow, type CheckinSession } from '../../src/domain/checkin-rules.js';
import { checkinsCsv } from '../../src/domain/checkin-csv.js';

const A = '0190a000-0000-7000-8000-00000000000a';
const B = '0190a000-0000-7000-8000-00000000000b';
const secret = randomBytes(32);
/** a pinned clock: 10 s into a step (06:00:10 UTC = 13:00:10 in Bangkok) */
const T = new Date('2026-11-26T06:00:10Z');
const at = (seconds: number) => new Date(T.getTime() + seconds * 1000);

describe('rotating check-in codes (30 s steps, one step of slack)', () => {
  it('a step is 30 s of unix time, and the next starts at stepEnds', () => {
    const step = checkinStep(T);
    expect(step).toBe(Math.floor(T.getTime() / 30_000));
    expect(stepEnds(step).toISOString()).toBe('2026-11-26T06:00:30.000Z');
    expect(checkinStep(at(19))).toBe(step);
    expect(checkinStep(at(20))).toBe(step + 1);
  });

  it('the QR code: valid now and one step back, refused two steps back, in the future and for another session', () => {
    const now = checkinStep(T);
    const code = (back: number, session = A) => qrCode(secret, session, now - back);
    expect(code(0)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(verifyCode(secret, A, code(0), T)).toBe(now);
    // one step back: a scan just before the code changed
    expect(verifyCode(secret, A, code(1), T)).toBe(now - 1);
    // two steps back: a screenshot 30–90 s old
    expect(verifyCode(secret, A, code(2), T)).toBeNull();
    expect(verifyCode(secret, A, code(-1), T)).toBeNull();
    // session A's code at session B, even with the same secret
    expect(verifyCode(secret, B, code(0), T)).toBeNull();
    // another session's secret
    expect(verifyCode(randomBytes(32), A, code(0), T)).toBeNull();
  });

  it('a code shown at 06:00:10 still works at 06:00:59 (its step and the next) and not at 06:01:00', () => {
    const shown = qrCode(secret, A, checkinStep(T));
    expect(verifyCode(secret, A, shown, at(49))).not.toBeNull();
    expect(verifyCode(secret, A, shown, at(50))).toBeNull();
  });

  it('the typed code: 6 digits, the same rotation and slack, its own value (not the QR’s)', () => {
    const now = checkinStep(T);
    const typed = (back: number, session = A) => typedCode(secret, session, now - back);
    expect(typed(0)).toMatch(/^\d{6}$/);
    expect(codeKind(typed(0))).toBe('typed');
    expect(codeKind(qrCode(secret, A, now))).toBe('qr');
    expect(verifyCode(secret, A, typed(0), T)).toBe(now);
    expect(verifyCode(secret, A, typed(1), T)).toBe(now - 1);
    expect(verifyCode(secret, A, typed(2), T)).toBeNull();
    expect(typed(0, B)).not.toBe(typed(0));
    expect(verifyCode(secret, B, typed(0), T)).toBeNull();
  });

  it('the link a phone opens', () => {
    expect(checkinUrl('https://rian.example/', A, 'ab_c-1')).toBe(
      `https://rian.example/checkIn?s=${A}&c=ab_c-1`,
    );
  });
});

describe('who may check in, and when', () => {
  const session = (over: Partial<CheckinSession> = {}): CheckinSession => ({
    courseId: A,
    type: 'real',
    view: 'Y',
    special: 'N',
    date: '2026-11-26',
    close: 'unlimit',
    checkin: 'Y',
    ...over,
  });
  const enrolment = { courseId: A, status: 'active', special: 'N' as const, start: '2026-01-01', end: null };

  it('on the session’s Bangkok day, enrolled: allowed', () => {
    expect(checkinDenial(enrolment, session(), '2026-11-26')).toBeNull();
  });

  it('the window is the date alone, or the date through the close day', () => {
    expect(checkinWindow(session())).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(checkinWindow(session({ close: '2026-11-28' }))).toEqual({ from: '2026-11-26', to: '2026-11-28' });
    expect(checkinDenial(enrolment, session(), '2026-11-25')).toBe('closed');
    // not the content rule's 3-day check: the next day is closed
    expect(checkinDenial(enrolment, session(), '2026-11-27')).toBe('closed');
    expect(checkinDenial(enrolment, session({ close: '2026-11-28' }), '2026-11-28')).toBeNull();
    expect(checkinDenial(enrolment, session({ close: '2026-11-28' }), '2026-11-29')).toBe('closed');
  });

  it('not enrolled, another course, an ended or inactive enrolment, a special session: not_enrolled', () => {
    expect(checkinDenial(null, session(), '2026-11-26')).toBe('not_enrolled');
    expect(checkinDenial({ ...enrolment, courseId: B }, session(), '2026-11-26')).toBe('not_enrolled');
    expect(checkinDenial({ ...enrolment, end: '2026-11-25' }, session(), '2026-11-26')).toBe('not_enrolled');
    expect(checkinDenial({ ...enrolment, status: 'ended' }, session(), '2026-11-26')).toBe('not_enrolled');
    expect(checkinDenial(enrolment, session({ special: 'Y' }), '2026-11-26')).toBe('not_enrolled');
    expect(checkinDenial({ ...enrolment, special: 'Y' }, session({ special: 'Y' }), '2026-11-26')).toBeNull();
  });

  it('a session without check-in (not real, check-in N, hidden) takes none', () => {
    expect(checkinDenial(enrolment, session({ checkin: 'N' }), '2026-11-26')).toBe('no_checkin');
    expect(checkinDenial(enrolment, session({ type: 'meeting' }), '2026-11-26')).toBe('no_checkin');
    expect(checkinDenial(enrolment, session({ view: 'N' }), '2026-11-26')).toBe('no_checkin');
  });
});

describe('the CSV export', () => {
  it('UTF-8 BOM, a header, Thai kept, Bangkok times, quotes and formulas defused', () => {
    const csv = checkinsCsv([
      {
        id: A,
        sessionId: B,
        courseId: A,
        sessionTitle: 'สัมมนา, "ห้อง 1"',
        sessionDate: '2026-11-26',
        method: 'staff',
        checkedInAt: '2026-11-26T02:05:00.000Z',
        userId: 'u-1',
        memberName: '=HYPERLINK("x")',
        checkedInBy: 'staff-1',
      },
    ]);
    expect(csv.startsWith('\uFEFFsessionDate,session,')).toBe(true);
    const line = csv.split('\r\n')[1];
    expect(line).toBe(
      `2026-11-26,"สัมมนา, ""ห้อง 1""",${A},${B},u-1,"'=HYPERLINK(""x"")",2026-11-26 09:05,staff,staff-1`,
    );
  });
});
