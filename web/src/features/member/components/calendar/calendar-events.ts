import type { EventInput } from '@fullcalendar/react';
import type { CalendarItem } from '@rian/proto-contracts/learning-member';
import type { Language } from '@/types/api';

/** The calendar shows and reads its dates in Bangkok time, wherever the member's browser is. */
export const CALENDAR_TIME_ZONE = 'Asia/Bangkok';

/** The views offered: a month grid, a week with hours, a list (the phone's default). */
export const CALENDAR_VIEWS = { month: 'dayGridMonth', week: 'timeGridWeek', list: 'listMonth' } as const;

/** Phones (spec 01: xs) open on the list; wider screens on the month. */
export const PHONE_QUERY = '(max-width: 599.98px)';

export function initialView(isPhone: boolean): string {
  return isPhone ? CALENDAR_VIEWS.list : CALENDAR_VIEWS.month;
}

/**
 * A calendar item as a FullCalendar event: the type's box colour as the event's colour and its
 * line colour as the text on it; a session without a start time fills its day.
 */
export function toEvent(item: CalendarItem): EventInput {
  return {
    id: item.id,
    title: item.title,
    start: item.start,
    ...(item.end ? { end: item.end } : {}),
    allDay: !item.startTime,
    color: item.colorBox,
    contrastColor: item.colour,
    interactive: true,
    extendedProps: { item },
  };
}

/**
 * FullCalendar's locale for the app's language: its `th` locale formats through Intl's `th`,
 * whose calendar is the Buddhist era (2569 for 2026); English keeps the built-in locale.
 */
export function calendarLocaleCode(language: Language): 'th' | 'en-gb' {
  return language === 'th' ? 'th' : 'en-gb';
}
