import { describe, expect, it } from 'vitest';
import { addMonthsClamped, bangkokDay, bangkokMinute, thaiDate } from '../../src/domain/bangkok-time.js';

describe('the Asia/Bangkok calendar (UTC+7, asked of the zone database)', () => {
  it.each([
    ['2026-03-31T16:59:59Z', '2026-03-31', '2026-03-31 23:59'],
    ['2026-03-31T17:00:00Z', '2026-04-01', '2026-04-01 00:00'],
    ['2026-12-31T17:00:00Z', '2027-01-01', '2027-01-01 00:00'],
  ])('%s is %s (%s) in Bangkok', (at, day, minute) => {
    expect(bangkokDay(new Date(at))).toBe(day);
    expect(bangkokMinute(new Date(at))).toBe(minute);
  });

  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-01-31', 2, '2026-03-31'],
    ['2026-11-30', 3, '2027-02-28'],
    ['2026-05-31', 13, '2027-06-30'],
  ])('%s + %i month(s) = %s', (day, months, expected) => {
    expect(addMonthsClamped(day, months)).toBe(expected);
  });

  it('refuses what is not a day', () => {
    expect(() => addMonthsClamped('31/01/2026', 1)).toThrow(RangeError);
  });

  it.each([
    ['2026-11-22T05:00:00Z', '22 พฤศจิกายน 2569', 'AD 2026 + 543'],
    ['2026-12-31T17:00:00Z', '1 มกราคม 2570', 'already 1 Jan 2027 in Bangkok'],
    ['2028-02-29T03:00:00Z', '29 กุมภาพันธ์ 2571', 'a leap day'],
  ])('thaiDate(%s) = %s (%s)', (at, text) => {
    expect(thaiDate(new Date(at))).toBe(text);
  });
});
