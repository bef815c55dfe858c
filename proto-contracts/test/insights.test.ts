import { describe, expect, it } from 'vitest';
import { addDays, bangkokDay, bucketStart, daysBetween } from '../src/insights.js';

describe('insights day rules (Bangkok days)', () => {
  it('puts an instant on its Bangkok day: 16:59:59Z is still the same day, 17:00Z the next', () => {
    expect(bangkokDay('2026-03-01T16:59:59Z')).toBe('2026-03-01');
    expect(bangkokDay('2026-03-01T17:00:00Z')).toBe('2026-03-02');
  });

  it('names a week by its Monday and a month by its first day', () => {
    // 2026-03-01 is a Sunday: its week began on Monday 2026-02-23
    expect(bucketStart('2026-03-01', 'week')).toBe('2026-02-23');
    expect(bucketStart('2026-03-02', 'week')).toBe('2026-03-02');
    expect(bucketStart('2026-03-31', 'month')).toBe('2026-03-01');
    expect(bucketStart('2026-03-31', 'day')).toBe('2026-03-31');
  });

  it('counts days with both ends included, across a leap day', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(3);
    expect(daysBetween('2026-01-01', '2026-12-31')).toBe(365);
    expect(daysBetween('2026-01-02', '2026-01-01')).toBe(0);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});
