import { describe, expect, it } from 'vitest';
import { aroundNow, bangkokTime, calendarItem, daysIncluded } from '../../src/domain/calendar.js';

describe('calendar items (spec 02 §3)', () => {
  const base = {
    id: '0190a0a0-0000-7000-8000-000000000001',
    courseId: '0190a0a0-0000-7000-8000-000000000002',
    title: 'Zoom สัปดาห์ที่ 1',
    detail: null,
  };
  it('a meeting with times: Bangkok offset, "19:00 - 21:00", violet, users icon', () => {
    expect(
      calendarItem({ ...base, type: 'meeting', date: '2026-05-10', start: '19:00', to: '21:00' }),
    ).toEqual({
      id: base.id,
      courseId: base.courseId,
      title: base.title,
      details: null,
      type: 'meeting',
      colour: '#6d28d9',
      colorBox: '#ede9fe',
      icon: 'users',
      src: `/member/sessions/${base.id}`,
      start: '2026-05-10T19:00:00+07:00',
      end: '2026-05-10T21:00:00+07:00',
      startTime: '19:00',
      endTime: '21:00',
      time: '19:00 - 21:00',
    });
  });
  it('a video without times is a whole day', () => {
    const item = calendarItem({ ...base, type: 'video', date: '2026-05-10', start: null, to: null });
    expect(item).toMatchObject({ start: '2026-05-10', end: null, time: '', icon: 'play', colour: '#1d4ed8' });
  });
  it('each type has its own colours', () => {
    const colours = (['video', 'real', 'meeting', 'live'] as const).map(
      (type) => calendarItem({ ...base, type, date: '2026-05-10', start: null, to: null }).colorBox,
    );
    expect(new Set(colours).size).toBe(4);
  });
});

describe('ranges and now', () => {
  it.each([
    ['2026-05-01', '2026-05-01', 1],
    ['2026-05-01', '2026-07-01', 62],
    ['2026-05-01', '2026-07-02', 63],
    ['2026-02-01', '2026-03-01', 29],
  ])('%s..%s is %i days', (from, to, n) => expect(daysIncluded(from, to)).toBe(n));

  it('Bangkok time is UTC+7', () => expect(bangkokTime(new Date('2026-05-10T12:05:00Z'))).toBe('19:05'));

  it.each([
    ['17:59, an hour and a minute early', '17:59', false],
    ['18:00, an hour early', '18:00', true],
    ['21:00, the end', '21:00', true],
    ['21:01, after', '21:01', false],
  ])('19:00-21:00 at %s', (_n, now, expected) =>
    expect(aroundNow({ start: '19:00', to: '21:00' }, now)).toBe(expected),
  );
  it('no times: all day', () => expect(aroundNow({ start: null, to: null }, '03:00')).toBe(true));
});
