import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bangkokDay, windowEndsBeforeStart } from '../../src/domain/bangkok-day.js';

describe('the Asia/Bangkok day (UTC+7, no daylight saving)', () => {
  it.each([
    ['one second before Bangkok midnight', '2026-03-31T16:59:59.999Z', '2026-03-31'],
    ['Bangkok midnight', '2026-03-31T17:00:00Z', '2026-04-01'],
    ['half past midnight in Bangkok, still the 31st in UTC', '2026-03-31T17:30:00Z', '2026-04-01'],
    ['UTC midnight is 07:00 in Bangkok', '2026-04-01T00:00:00Z', '2026-04-01'],
    ['the last UTC second of a Bangkok day', '2026-04-01T16:59:59Z', '2026-04-01'],
    ['new year comes 7 hours earlier', '2026-12-31T17:00:00Z', '2027-01-01'],
    ['a leap day', '2028-02-28T17:00:00Z', '2028-02-29'],
    ['the day after a leap day', '2028-02-29T17:00:00Z', '2028-03-01'],
    ['an instant with an offset', '2026-06-15T23:30:00+05:00', '2026-06-16'],
  ])('%s: %s → %s', (_name, instant, day) => {
    expect(bangkokDay(new Date(instant))).toBe(day);
  });

  it.each(['America/Los_Angeles', 'Pacific/Kiritimati', 'UTC'])(
    'does not depend on the server zone (TZ=%s)',
    (tz) => {
      const module = fileURLToPath(new URL('../../src/domain/bangkok-day.ts', import.meta.url));
      const script = `import(${JSON.stringify(module)}).then((m) => process.stdout.write(m.bangkokDay(new Date('2026-03-31T17:30:00Z'))))`;
      const out = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], {
        env: { ...process.env, TZ: tz },
        encoding: 'utf8',
      });
      expect(out).toBe('2026-04-01');
    },
  );

  it.each([
    [null, null, false],
    ['2026-04-01', null, false],
    ['2026-04-01', '2026-04-01', false],
    ['2026-04-02', '2026-04-01', true],
    ['2026-12-31', '2027-01-01', false],
  ] as const)('a window %s..%s ends before it starts: %s', (start, to, wrong) => {
    expect(windowEndsBeforeStart({ start, to })).toBe(wrong);
  });
});
