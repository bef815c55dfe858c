import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import FullCalendar from '@fullcalendar/react';
import type { DatesSetInfo, EventClickInfo, EventDisplayInfo } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import listPlugin from '@fullcalendar/react/list';
import classicTheme from '@fullcalendar/react/themes/classic';
import thLocale from '@fullcalendar/react/locales/th';
import enGbLocale from '@fullcalendar/react/locales/en-gb';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import type { CalendarItem } from '@rian/proto-contracts/learning-member';
import type { Language } from '@/types/api';
import { visibleDays, type DayRange } from '../../api/member-calendar';
import {
  CALENDAR_TIME_ZONE,
  CALENDAR_VIEWS,
  PHONE_QUERY,
  calendarLocaleCode,
  initialView,
  toEvent,
} from './calendar-events';
import { SessionTypeIcon } from './session-type-icon';

const LOCALES = { th: thLocale, 'en-gb': enGbLocale } as const;

function isPhoneNow(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(PHONE_QUERY).matches
    : false;
}

type Props = {
  items: readonly CalendarItem[];
  language: Language;
  /** the Bangkok days the view shows, each time it moves */
  onRangeChange: (range: DayRange) => void;
  onOpen: (item: CalendarItem) => void;
};

/**
 * FullCalendar 7 with the course's calendar items: month, week and list views, Bangkok time, the
 * app's language (Thai shows Buddhist-era years). Events are buttons: Tab reaches them, Enter opens.
 */
export function SessionCalendar({ items, language, onRangeChange, onOpen }: Props) {
  const { t } = useTranslation();
  // decided once, when the page opens: a phone starts on the list
  const [startView] = useState(() => initialView(isPhoneNow()));
  const events = useMemo(() => items.map(toEvent), [items]);

  const datesSet = useCallback(
    (info: DatesSetInfo) => onRangeChange(visibleDays(info.startStr, info.endStr)),
    [onRangeChange],
  );
  const eventClick = useCallback(
    (info: EventClickInfo) => {
      info.jsEvent.preventDefault();
      const item = info.event.extendedProps.item as CalendarItem | undefined;
      if (item) onOpen(item);
    },
    [onOpen],
  );

  return (
    <div className="member-calendar__frame" data-testid="session-calendar">
      <FullCalendar
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin, classicTheme]}
        initialView={startView}
        timeZone={CALENDAR_TIME_ZONE}
        locale={LOCALES[calendarLocaleCode(language)]}
        headerToolbar={{
          start: 'prev,next today',
          center: 'title',
          end: `${CALENDAR_VIEWS.month},${CALENDAR_VIEWS.week},${CALENDAR_VIEWS.list}`,
        }}
        prevHint={t('member.calendar.prev')}
        nextHint={t('member.calendar.next')}
        todayHint={t('member.calendar.today')}
        viewHint={(buttonText: string) => t('member.calendar.view', { view: buttonText })}
        moreLinkText={(count: number) => t('member.calendar.more', { count })}
        noEventsText={t('member.calendar.none')}
        allDayText={t('member.calendar.allDay')}
        height="auto"
        dayMaxEvents={3}
        eventDisplay="block"
        eventInteractive
        events={events}
        datesSet={datesSet}
        eventClick={eventClick}
        eventContent={eventContent}
      />
    </div>
  );
}

// one function for every render: FullCalendar redraws an event's content when it changes
const eventContent = (info: EventDisplayInfo) => <EventLabel info={info} />;

/** Icon, time and title; the type in words for screen readers (the colour alone says nothing). */
function EventLabel({ info }: { info: EventDisplayInfo }) {
  const { t } = useTranslation();
  const item = info.event.extendedProps.item as CalendarItem | undefined;
  if (!item) return <span>{info.event.title}</span>;
  return (
    <span
      className="calendar-event"
      data-testid="calendar-event"
      data-type={item.type}
      // the session dialog gives focus back here even if FullCalendar redrew the event meanwhile
      data-focus-key={`session-${item.id}`}
    >
      <SessionTypeIcon icon={item.icon} className="calendar-event__icon" style={{ color: item.colour }} />
      <span className="sr-only">{t(`member.calendar.type.${item.type}`)}: </span>
      {item.time && <span className="calendar-event__time">{item.time}</span>}
      <span className="calendar-event__title">{item.title}</span>
    </span>
  );
}
