import { Link, useOutletContext } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SessionMember } from '@rian/proto-contracts/learning-content';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDay } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useMemberEnrolments, useUnpaidInstalmentOrders } from '../api/member-home';
import { courseLabel, selectedEnrolment } from '../api/my-enrolments';
import type { MemberOutletContext } from '../components/member-layout';
import { LessonsStarted, WatchSummaryCard } from '../watch/watch-dashboard';
import { LineCard } from '../components/line-card';
import '../i18n';

const time = (s: { start: string | null; to: string | null }) =>
  s.start ? (s.to ? `${s.start}–${s.to}` : s.start) : '';

/** Today's session's action: join a meeting's room, watch a video, open a live session's page. */
function SessionAction({ s, openMeeting }: { s: SessionMember; openMeeting: (id: string) => void }) {
  const { t } = useTranslation();
  if (s.type === 'meeting' && s.zoomRoomId)
    return (
      <Button size="sm" onClick={() => openMeeting(s.id)} data-testid={`today-join-${s.id}`}>
        {t('member.dashboard.join')}
      </Button>
    );
  if (s.type === 'video' && s.videoId)
    return (
      <Link
        className="btn btn--primary btn--sm"
        to={`/member/video/${s.id}`}
        data-testid={`today-watch-${s.id}`}
      >
        {t('member.dashboard.watch')}
      </Link>
    );
  if (s.type === 'live')
    return (
      <Link
        className="btn btn--primary btn--sm"
        to={`/member/livestreaming${s.liveStreamId ? `/${s.liveStreamId}` : ''}`}
        data-testid={`today-live-${s.id}`}
      >
        {t('member.dashboard.live')}
      </Link>
    );
  return null;
}

/**
 * /member, the dashboard (spec 01 "On entering the member area", issue 13): the selected course,
 * today's sessions with their join / watch action, the next sessions, the progress block, unpaid
 * instalments and the announcements (the course's detail text for now).
 */
export function MemberHomeRoute() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const { user, home, openMeeting, openPayment } = useOutletContext<MemberOutletContext>();
  const enrolments = useMemberEnrolments();
  const orders = useUnpaidInstalmentOrders();
  const selected = selectedEnrolment(enrolments.data?.items ?? []);
  const name = user.nickname || user.firstName;
  return (
    <div className="member-dashboard">
      <section className="card member-welcome">
        <h1 className="card__title">{t('member.welcome', { name })}</h1>
        {enrolments.isPending && <Spinner label={t('member.course.loading')} />}
        {enrolments.isError && <Alert>{problemText(enrolments.error, language)}</Alert>}
        {selected && (
          <div className="member-course" data-testid="member-course">
            <p className="member-course__label">{t('member.course.current')}</p>
            <h2 className="member-course__title" data-testid="member-course-title">
              {courseLabel(selected)}
            </h2>
            {selected.start && (
              <p className="card__text">
                {t('member.course.since', { day: formatDay(selected.start, language) })}
              </p>
            )}
          </div>
        )}
        {enrolments.data && !selected && (
          <p className="card__text" data-testid="member-no-course">
            {t('member.course.none')} <Link to="/">{t('member.home')}</Link>
          </p>
        )}
      </section>

      {home?.enrolment && (
        <>
          <section className="card" data-testid="dashboard-today" aria-labelledby="dashboard-today-title">
            <h2 className="card__title" id="dashboard-today-title">
              {t('member.dashboard.today')}
            </h2>
            {home.today.length === 0 ? (
              <p className="card__text">{t('member.dashboard.noneToday')}</p>
            ) : (
              <ul className="member-sessions">
                {home.today.map((s) => (
                  <li key={s.id} className="member-sessions__item" data-testid={`today-${s.id}`}>
                    <span className="member-sessions__time">{time(s)}</span>
                    <span className="member-sessions__title">{s.title}</span>
                    <span className="member-sessions__type">{t(`member.dashboard.types.${s.type}`)}</span>
                    <SessionAction s={s} openMeeting={openMeeting} />
                  </li>
                ))}
              </ul>
            )}
          </section>

          <WatchSummaryCard />

          <section className="card" data-testid="dashboard-next">
            <h2 className="card__title">{t('member.dashboard.next')}</h2>
            {home.upcoming.length === 0 ? (
              <p className="card__text">{t('member.dashboard.noneNext')}</p>
            ) : (
              <ul className="member-sessions">
                {home.upcoming.map((s) => (
                  <li key={s.id} className="member-sessions__item">
                    <span className="member-sessions__time">
                      {formatDay(s.date, language)} {time(s)}
                    </span>
                    <span className="member-sessions__title">{s.title}</span>
                  </li>
                ))}
              </ul>
            )}
            <Link to="/member/calendar">{t('member.dashboard.calendar')}</Link>
          </section>

          <section className="card" data-testid="dashboard-progress">
            <h2 className="card__title">{t('member.dashboard.progress')}</h2>
            <p className="member-progress">
              <span data-testid="progress-watched">
                <LessonsStarted />
              </span>{' '}
              / <span data-testid="progress-lessons">{home.lessonCount}</span> {t('member.dashboard.lessons')}
            </p>
            <Link to="/member/video">{t('member.menu.lessons')}</Link>
          </section>

          {home.courseDetail && (
            <section className="card" data-testid="dashboard-announcements">
              <h2 className="card__title">{t('member.dashboard.announcements')}</h2>
              <p className="card__text member-announcement">{home.courseDetail}</p>
            </section>
          )}
        </>
      )}

      {orders.unpaid.length > 0 && (
        <section className="card" data-testid="dashboard-unpaid">
          <h2 className="card__title">{t('member.dashboard.unpaid')}</h2>
          <ul className="member-sessions">
            {orders.unpaid.map((o) => (
              <li key={o.id} className="member-sessions__item">
                <span className="member-sessions__title">
                  {o.reference} · {o.productTitle ?? ''}
                </span>
              </li>
            ))}
          </ul>
          <Button size="sm" onClick={openPayment} data-testid="dashboard-pay">
            {t('member.dashboard.pay')}
          </Button>
        </section>
      )}

      <LineCard />
    </div>
  );
}
