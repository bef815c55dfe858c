import { describe, expect, it } from 'vitest';
import { CALENDAR_MAX_DAYS as CONTRACT_MAX_DAYS } from '@rian/proto-contracts/learning-member';
import { json, mockApi } from '@/testing/render';
import { calendarItem } from '@/testing/calendar-fixtures';
import { CALENDAR_MAX_DAYS, calendarRequests, getCalendarRange, visibleDays } from './member-calendar';

describe('the calendar range', () => {
  it("keeps learning's limit per request", () => {
    expect(CALENDAR_MAX_DAYS).toBe(CONTRACT_MAX_DAYS);
  });

  it('turns a view’s start and exclusive end (Bangkok time) into the days it shows, both included', () => {
    // November 2026's month grid (weeks from Monday): 26 Oct .. 6 Dec, 42 days
    expect(visibleDays('2026-10-26T00:00:00+07:00', '2026-12-07T00:00:00+07:00')).toEqual({
      from: '2026-10-26',
      to: '2026-12-06',
    });
    // across a year end
    expect(visibleDays('2026-12-28T00:00:00+07:00', '2027-01-04T00:00:00+07:00')).toEqual({
      from: '2026-12-28',
      to: '2027-01-03',
    });
  });

  it('asks once for a month grid (42 days) and splits anything longer into ≤ 62-day requests', () => {
    expect(calendarRequests({ from: '2026-10-26', to: '2026-12-06' })).toEqual([
      { from: '2026-10-26', to: '2026-12-06' },
    ]);
    // 1 Jan .. 31 Mar 2026 = 90 days → 62 (1 Jan .. 3 Mar) + 28 (4 Mar .. 31 Mar)
    expect(calendarRequests({ from: '2026-01-01', to: '2026-03-31' })).toEqual([
      { from: '2026-01-01', to: '2026-03-03' },
      { from: '2026-03-04', to: '2026-03-31' },
    ]);
    expect(calendarRequests({ from: '2026-05-01', to: '2026-05-01' })).toEqual([
      { from: '2026-05-01', to: '2026-05-01' },
    ]);
  });
});

describe('GET /member/sessions/calendar', () => {
  it('gathers the items of a range longer than 62 days from one request per part', async () => {
    const asked: string[] = [];
    mockApi({
      'GET /api/learning/member/sessions/calendar': (url) => {
        asked.push(`${url.searchParams.get('from')}..${url.searchParams.get('to')}`);
        return json(200, {
          items: [calendarItem({ id: url.searchParams.get('from')!, start: url.searchParams.get('from')! })],
        });
      },
    });
    const items = await getCalendarRange({ from: '2026-01-01', to: '2026-03-31' }, undefined);
    expect(asked).toEqual(['2026-01-01..2026-03-03', '2026-03-04..2026-03-31']);
    expect(items.map((i) => i.id)).toEqual(['2026-01-01', '2026-03-04']);
  });
});
