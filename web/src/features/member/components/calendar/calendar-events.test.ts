import { describe, expect, it } from 'vitest';
import { calendarItem } from '@/testing/calendar-fixtures';
import { CALENDAR_VIEWS, calendarLocaleCode, initialView, toEvent } from './calendar-events';

describe('calendar items as events', () => {
  it('colours an event by its type: the box colour behind, the line colour on it; keeps the item', () => {
    const item = calendarItem();
    expect(toEvent(item)).toEqual({
      id: item.id,
      title: 'Live: market open',
      start: '2026-11-26T19:00:00+07:00',
      end: '2026-11-26T21:00:00+07:00',
      allDay: false,
      color: '#fee2e2',
      contrastColor: '#b91c1c',
      interactive: true,
      extendedProps: { item },
    });
  });

  it('lays a session without a start time over its whole day, with no end', () => {
    const event = toEvent(
      calendarItem({ start: '2026-11-28', end: null, startTime: null, endTime: null, time: '' }),
    );
    expect(event.allDay).toBe(true);
    expect(event.start).toBe('2026-11-28');
    expect('end' in event).toBe(false);
  });

  it("follows the app's language: Thai (Buddhist-era years through Intl's th) or British English", () => {
    expect(calendarLocaleCode('th')).toBe('th');
    expect(calendarLocaleCode('en')).toBe('en-gb');
  });

  it('opens on the list on a phone, on the month elsewhere', () => {
    expect(initialView(true)).toBe(CALENDAR_VIEWS.list);
    expect(initialView(false)).toBe(CALENDAR_VIEWS.month);
  });
});
