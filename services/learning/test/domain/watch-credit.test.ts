import { describe, expect, it } from 'vitest';
import { bucketCounts, creditBeat } from '../../src/domain/watch-credit.js';
import {
  coverage,
  mergeRange,
  RANGE_MAX,
  reachesSegment,
  type Range,
} from '../../src/domain/watch-ranges.js';
import { resumeFrom } from '../../src/domain/watch-resume.js';
import { daysBetween, monthDays, watchPeriods } from '../../src/domain/watch-periods.js';

const beat = { played: 10, position: 110, rate: 1, visible: true };

describe('the crediting rule of a heartbeat (max rate 2)', () => {
  // [case, claim, wall-clock seconds since the previous accepted beat, video length, credited, range]
  const cases: [string, Partial<typeof beat>, number, number | null, number, Range | null][] = [
    ['an honest beat: 10 s played in 10 s → 10', {}, 10, 600, 10, [100, 110]],
    ['claims 60 s played after 10 s of wall clock → 10 × 2 = 20', { played: 60 }, 10, 600, 20, [90, 110]],
    ['claims 10 s played after 3 s (a fast client clock) → 3 × 2 = 6', {}, 3, 600, 6, [104, 110]],
    ['2× speed: 20 s of media in 10 s → 20', { played: 20, rate: 2 }, 10, 600, 20, [90, 110]],
    ['above the max rate (4×) → 0, however little it claims', { played: 4, rate: 4 }, 10, 600, 0, null],
    ['a hidden tab → 0', { visible: false }, 10, 600, 0, null],
    [
      'a seek from 110 to 400 with 2 s played → 2 (the jump is not credited)',
      { played: 2, position: 400 },
      10,
      600,
      2,
      [398, 400],
    ],
    ['a pause a second after the last beat → what was played, 1', { played: 1 }, 1, 600, 1, [109, 110]],
    [
      'duration bound: a 30 s video, 300 s claimed after 1000 s → 30',
      { played: 300, position: 30 },
      1000,
      30,
      30,
      [0, 30],
    ],
    [
      'a position past the end is clipped to the video: [20, 30]',
      { played: 10, position: 90 },
      10,
      30,
      10,
      [20, 30],
    ],
    ['the range never starts before 0', { played: 10, position: 4 }, 10, 600, 10, [0, 4]],
    ['a clock gone backwards → 0', {}, -5, 600, 0, null],
    ['an unknown length bounds nothing but the wall clock', { played: 15 }, 10, null, 15, [95, 110]],
  ];
  it.each(cases)('%s', (_name, claim, elapsed, length, credited, range) => {
    const out = creditBeat({ ...beat, ...claim }, elapsed, length);
    expect(out.credited).toBe(credited);
    expect(out.range).toEqual(range);
  });

  it('bucket counts: completed 3/5/10-minute spans of credited time (spec 01 §3)', () => {
    expect(bucketCounts(0)).toEqual([0, 0, 0]);
    expect(bucketCounts(179.9)).toEqual([0, 0, 0]);
    expect(bucketCounts(180)).toEqual([1, 0, 0]);
    expect(bucketCounts(300)).toEqual([1, 1, 0]);
    expect(bucketCounts(1260)).toEqual([7, 4, 2]);
  });
});

describe('the resume rule (spec 01 §4)', () => {
  it.each([
    ['no record yet → from zero, count 1', null, { resumeAt: 0, count: 1 }],
    [
      'the last record was not Ended → from its end time, one more opening',
      { event: null, timeEnd: 312.5, count: 3 },
      { resumeAt: 312.5, count: 4 },
    ],
    [
      'the last record Ended → from zero again, count back to 1',
      { event: 'Ended' as const, timeEnd: 600, count: 5 },
      { resumeAt: 0, count: 1 },
    ],
  ])('%s', (_name, last, expected) => {
    expect(resumeFrom(last)).toEqual(expected);
  });
});

describe('coverage ranges', () => {
  it.each<[string, Range[], Range | null, Range[]]>([
    ['the first range', [], [0, 10], [[0, 10]]],
    ['overlapping ranges join', [[0, 10]], [5, 20], [[0, 20]]],
    ['ranges a rounding gap apart join', [[0, 10]], [10.6, 20], [[0, 20]]],
    [
      'a range past a gap stays apart, sorted',
      [[100, 110]],
      [0, 10],
      [
        [0, 10],
        [100, 110],
      ],
    ],
    [
      'a range bridging two joins all three',
      [
        [0, 10],
        [20, 30],
      ],
      [9, 21],
      [[0, 30]],
    ],
    ['a range inside changes nothing', [[0, 100]], [10, 20], [[0, 100]]],
    ['nothing added', [[0, 10]], null, [[0, 10]]],
  ])('%s', (_name, ranges, add, expected) => {
    expect(mergeRange(ranges, add)).toEqual(expected);
  });

  it(`never keeps more than ${RANGE_MAX} ranges: the closest neighbours join`, () => {
    let ranges: Range[] = [];
    for (let i = 0; i < RANGE_MAX + 5; i++) ranges = mergeRange(ranges, [i * 10, i * 10 + 2]);
    expect(ranges).toHaveLength(RANGE_MAX);
    expect(ranges[0]![0]).toBe(0);
    expect(ranges.at(-1)![1]).toBe((RANGE_MAX + 4) * 10 + 2);
  });

  it('coverage: the share of the video, null without a length', () => {
    const ranges: Range[] = [
      [0, 30],
      [60, 90],
    ];
    expect(coverage(ranges, 120)).toBe(0.5);
    expect(coverage(ranges, null)).toBeNull();
    expect(coverage([[0, 500]], 120)).toBe(1);
  });

  it('drop-off segments: a range reaches each twentieth it touches', () => {
    const ranges: Range[] = [[0, 35]];
    const reached = Array.from({ length: 20 }, (_, i) => reachesSegment(ranges, 200, i, 20));
    expect(reached.filter(Boolean)).toHaveLength(4); // 0-10, 10-20, 20-30, 30-40
  });
});

describe('Asia/Bangkok periods', () => {
  it('just after midnight in Bangkok (17:05 UTC) is already the next day, week and month', () => {
    const p = watchPeriods(new Date('2026-05-31T17:05:00Z')); // Monday 1 June 00:05 in Bangkok
    expect(p.today).toBe('2026-06-01');
    expect(p.week).toEqual({ from: '2026-06-01', to: '2026-06-07' });
    expect(p.month).toEqual({ from: '2026-06-01', to: '2026-06-30' });
  });
  it('a Sunday evening belongs to the week that began on Monday', () => {
    expect(watchPeriods(new Date('2026-05-31T12:00:00Z')).week).toEqual({
      from: '2026-05-25',
      to: '2026-05-31',
    });
  });
  it('months: February of a leap year; every day listed', () => {
    expect(monthDays('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(daysBetween('2026-04-29', '2026-05-02')).toEqual([
      '2026-04-29',
      '2026-04-30',
      '2026-05-01',
      '2026-05-02',
    ]);
  });
});
