import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { WatchMonth } from '@rian/proto-contracts/learning-watch';
import { Alert } from '@/components/ui/alert';
import { LazyDayBarChart } from '@/components/ui/lazy-day-bar-chart';
import { Spinner } from '@/components/ui/spinner';
import { problemText } from '@/lib/problem-text';
import { watchBars } from '@/lib/watch-bars';
import { useLanguageStore } from '@/stores/language-store';
import { useHomeWatch, useHomeWatchMonth } from '../api/member-home';
import { formatWatch } from './format-watch';
import '../i18n-watch';

/** Every day of the month (a day without watching is 0), in minutes or, for a short month, seconds. */
export function monthBars(month: WatchMonth) {
  const [y, m] = month.month.split('-').map(Number);
  const length = y && m ? new Date(Date.UTC(y, m, 0)).getUTCDate() : 0;
  const seconds = new Map(month.days.map((d) => [Number(d.day.slice(8, 10)), d.seconds]));
  return watchBars(
    Array.from({ length }, (_, i) => ({ label: String(i + 1), seconds: seconds.get(i + 1) ?? 0 })),
  );
}

/** The dashboard's "lessons watched" figure: lessons of the course with any watch time. */
export function LessonsStarted() {
  const summary = useHomeWatch();
  return <>{summary.data ? summary.data.lessonsStarted : '—'}</>;
}

/**
 * The dashboard's watch figures (issue 14; spec 01 §7 ByUserTodayTime / WeekTime / MonthTime /
 * LastViewed / ChartByUserMonth): today, this week and this month, the last lesson with a resume
 * link, lessons started and finished, and this month's minutes by day (chart.js, loaded here only).
 */
export function WatchSummaryCard() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  // both come with the member home: the dashboard asks learning nothing more
  const summary = useHomeWatch();
  const s = summary.data;
  const month = useHomeWatchMonth();
  const chart = month.data && month.data.totalSeconds > 0 ? monthBars(month.data) : null;
  return (
    <section
      className="card watch-card"
      data-testid="dashboard-watch"
      aria-labelledby="dashboard-watch-title"
    >
      <h2 className="card__title" id="dashboard-watch-title">
        {t('watch.dashboard.title')}
      </h2>
      {summary.isPending && <Spinner label={t('watch.dashboard.loading')} />}
      {summary.isError && <Alert>{problemText(summary.error, language)}</Alert>}
      {s && (
        <>
          <dl className="watch-figures">
            {(
              [
                ['today', s.todaySeconds],
                ['week', s.weekSeconds],
                ['month', s.monthSeconds],
              ] as const
            ).map(([key, seconds]) => (
              <div key={key} className="watch-figures__item">
                <dt>{t(`watch.dashboard.${key}`)}</dt>
                <dd data-testid={`watch-${key}`} data-seconds={Math.floor(seconds)}>
                  {formatWatch(seconds, t)}
                </dd>
              </div>
            ))}
          </dl>
          <p className="card__text" data-testid="watch-lessons">
            {t('watch.dashboard.lessons', {
              started: s.lessonsStarted,
              total: s.lessonCount,
              ended: s.lessonsEnded,
            })}
          </p>
          {s.lastViewed ? (
            <p className="watch-last" data-testid="watch-last">
              <span>
                {t('watch.dashboard.lastViewed')}: <strong>{s.lastViewed.name}</strong>
              </span>
              {s.lastViewed.sessionId && (
                <Link
                  className="btn btn--primary btn--sm"
                  to={`/member/video/${s.lastViewed.sessionId}`}
                  data-testid="watch-resume"
                >
                  {t('watch.dashboard.resume')}
                </Link>
              )}
            </p>
          ) : (
            <p className="card__text">{t('watch.dashboard.noneYet')}</p>
          )}
        </>
      )}
      {chart && (
        <LazyDayBarChart
          title={t('watch.dashboard.chartTitle')}
          valueLabel={t(
            chart.unit === 'seconds' ? 'watch.dashboard.chartSecondsLabel' : 'watch.dashboard.chartLabel',
          )}
          bars={chart.bars}
          testId="watch-month-chart"
          loadingLabel={t('watch.dashboard.loading')}
        />
      )}
    </section>
  );
}
