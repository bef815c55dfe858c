import { describe, expect, it } from 'vitest';
import { sessionStartsAt } from '../../src/domain/session-start.js';

describe('sessionStartsAt (Asia/Bangkok day + time → UTC instant)', () => {
  it('is the Bangkok wall-clock time less seven hours', () => {
    expect(sessionStartsAt('2026-12-01', '19:00').toISOString()).toBe('2026-12-01T12:00:00.000Z');
    expect(sessionStartsAt('2026-12-01', '07:00').toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });

  it('an early-morning session starts on the UTC day before', () => {
    expect(sessionStartsAt('2026-12-01', '05:30').toISOString()).toBe('2026-11-30T22:30:00.000Z');
    expect(sessionStartsAt('2027-01-01', '00:00').toISOString()).toBe('2026-12-31T17:00:00.000Z');
  });

  it('takes HH:mm:ss too (seconds dropped)', () => {
    expect(sessionStartsAt('2026-12-01', '19:00:45').toISOString()).toBe('2026-12-01T12:00:00.000Z');
  });

  it('a session without a (valid) start time starts at 09:00 Bangkok', () => {
    expect(sessionStartsAt('2026-12-01', null).toISOString()).toBe('2026-12-01T02:00:00.000Z');
    expect(sessionStartsAt('2026-12-01', '').toISOString()).toBe('2026-12-01T02:00:00.000Z');
    expect(sessionStartsAt('2026-12-01', '25:00').toISOString()).toBe('2026-12-01T02:00:00.000Z');
  });

  it('refuses a day that is not yyyy-mm-dd', () => {
    expect(() => sessionStartsAt('01/12/2026', '19:00')).toThrow(RangeError);
  });
});
