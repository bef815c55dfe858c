import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarItem } from '@rian/proto-contracts/learning-member';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useCalendarItems, type DayRange } from '../api/member-calendar';
import { useMemberEnrolments } from '../api/member-home';
import { selectedEnrolment } from '../api/my-enrolments';
import { SessionCalendar } from '../components/calendar/session-calendar';
import { SessionTypeIcon } from '../components/calendar/session-type-icon';
import { SessionViewDialog } from '../components/session-view-dialog';
import '../i18n-calendar';
import '../components/calendar/calendar.css';

const LEGEND = [
  { type: 'video', icon: 'play' },
  { type: 'real', icon: 'map-pin' },
  { type: 'meeting', icon: 'users' },
  { type: 'live', icon: 'radio' },
] as const;

/**
 * /member/calendar (issue 13): the selected course's sessions in a month, week or list view; a
 * session opens its view. Rendered inside the member layout's Outlet (no layout of its own).
 */
export function MemberCalendarRoute() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const enrolments = useMemberEnrolments();
  const courseId = selectedEnrolment(enrolments.data?.items ?? [])?.courseId;
  const [range, setRange] = useState<DayRange | null>(null);
  // the course is known first (the layout has read it already), so a switch asks anew
  const items = useCalendarItems(enrolments.isPending ? null : range, courseId);
  const [open, setOpen] = useState<CalendarItem | null>(null);

  const onRangeChange = useCallback(
    (next: DayRange) =>
      setRange((current) => (current?.from === next.from && current.to === next.to ? current : next)),
    [],
  );

  return (
    <section className="member-calendar" aria-labelledby="member-calendar-title">
      <header className="member-calendar__header">
        <h1 id="member-calendar-title" className="card__title">
          {t('member.calendar.title')}
        </h1>
        <p className="card__text">{t('member.calendar.intro')}</p>
        <ul className="member-calendar__legend" aria-label={t('member.calendar.legend')}>
          {LEGEND.map((l) => (
            <li key={l.type} className="calendar-legend" data-type={l.type}>
              <SessionTypeIcon icon={l.icon} />
              {t(`member.calendar.type.${l.type}`)}
            </li>
          ))}
        </ul>
      </header>
      {items.isFetching && <Spinner label={t('member.calendar.loading')} />}
      {items.isError && <Alert>{problemText(items.error, language)}</Alert>}
      <div role="region" aria-label={t('member.calendar.label')}>
        <SessionCalendar
          items={items.data ?? []}
          language={language}
          onRangeChange={onRangeChange}
          onOpen={setOpen}
        />
      </div>
      <SessionViewDialog
        sessionId={open?.id ?? null}
        {...(open ? { title: open.title } : {})}
        onClose={() => setOpen(null)}
      />
    </section>
  );
}
