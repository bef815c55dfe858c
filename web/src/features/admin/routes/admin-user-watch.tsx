import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MemberWatchDetail, VideoStatisticsView } from '@rian/proto-contracts/learning-watch';
import { Alert } from '@/components/ui/alert';
import { DataTable, type Column } from '@/components/ui/data-table';
import { LazyDayBarChart } from '@/components/ui/lazy-day-bar-chart';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime, formatDay } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { watchBars } from '@/lib/watch-bars';
import { useLanguageStore } from '@/stores/language-store';
import { useUser } from '../api/get-user';
import { useMemberWatch } from '../api/watch-stats';
import '../i18n';
import '../i18n-watch';

type VideoRow = MemberWatchDetail['videos'][number];

/** Seconds as h:mm:ss / m:ss (media time and watch time alike). */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

/** Seconds per day over all videos, oldest first. */
export function secondsPerDay(days: MemberWatchDetail['days']): { label: string; seconds: number }[] {
  const total = new Map<string, number>();
  for (const d of days) total.set(d.day, (total.get(d.day) ?? 0) + d.seconds);
  return [...total.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, seconds]) => ({ label: day, seconds }));
}

/**
 * /admin/user/{id}/watch — a member's viewing (spec 01 §7 DetailByUser, issue 14): per video (watch
 * time, coverage, last position, finished), minutes per day, and every playback with its device.
 */
export function AdminUserWatchRoute() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const { id = '' } = useParams();
  const user = useUser(id);
  const detail = useMemberWatch(id);
  const names = new Map((detail.data?.videos ?? []).map((v) => [v.videoId, v.name]));

  const videoColumns: Column<VideoRow>[] = [
    { key: 'name', label: t('watchAdmin.member.columns.video'), render: (v) => v.name },
    {
      key: 'watched',
      label: t('watchAdmin.member.columns.watched'),
      className: 'table__nowrap',
      render: (v) => clock(v.secondsWatched),
    },
    {
      key: 'coverage',
      label: t('watchAdmin.member.columns.coverage'),
      render: (v) =>
        v.coverage === null ? (
          '–'
        ) : (
          <span className="progress">
            <progress
              className="progress__bar"
              max={100}
              value={Math.round(v.coverage * 100)}
              aria-label={t('watchAdmin.member.columns.coverage')}
            />
            <span className="progress__text">{Math.round(v.coverage * 100)}%</span>
          </span>
        ),
    },
    {
      key: 'last',
      label: t('watchAdmin.member.columns.lastPosition'),
      className: 'table__nowrap',
      render: (v) => `${clock(v.lastPosition)} / ${v.durationSeconds ? clock(v.durationSeconds) : '–'}`,
    },
    {
      key: 'viewed',
      label: t('watchAdmin.member.columns.lastViewed'),
      className: 'table__nowrap',
      render: (v) => (v.lastViewedAt ? formatDateTime(v.lastViewedAt, language) : '–'),
    },
    {
      key: 'ended',
      label: t('watchAdmin.member.columns.ended'),
      render: (v) => (v.ended ? t('watchAdmin.member.yes') : t('watchAdmin.member.no')),
    },
  ];

  const playbackColumns: Column<VideoStatisticsView>[] = [
    {
      key: 'started',
      label: t('watchAdmin.member.columns.started'),
      className: 'table__nowrap',
      render: (p) => formatDateTime(p.startedAt, language),
    },
    {
      key: 'video',
      label: t('watchAdmin.member.columns.video'),
      render: (p) => names.get(p.videoId) ?? p.videoId,
    },
    { key: 'count', label: t('watchAdmin.member.columns.count'), render: (p) => p.count },
    {
      key: 'range',
      label: t('watchAdmin.member.columns.range'),
      className: 'table__nowrap',
      render: (p) => `${clock(p.timeStart)} → ${clock(p.timeEnd)}`,
    },
    {
      key: 'watched',
      label: t('watchAdmin.member.columns.watched'),
      className: 'table__nowrap',
      render: (p) => clock(p.timeTotal),
    },
    { key: 'pauses', label: t('watchAdmin.member.columns.pauses'), render: (p) => p.pauseTotal },
    {
      key: 'buckets',
      label: t('watchAdmin.member.columns.buckets'),
      render: (p) => `${p.threeMinTotal}/${p.fiveMinTotal}/${p.tenMinTotal}`,
    },
    {
      key: 'ended',
      label: t('watchAdmin.member.columns.ended'),
      render: (p) => (p.event === 'Ended' ? t('watchAdmin.member.yes') : t('watchAdmin.member.no')),
    },
    { key: 'device', label: t('watchAdmin.member.columns.device'), render: (p) => p.device ?? '–' },
  ];

  const who = user.data
    ? `${user.data.user.firstName} ${user.data.user.lastName} · ${user.data.user.email}`
    : '';
  const data = detail.data;
  const days = watchBars(
    (data ? secondsPerDay(data.days) : []).map((d) => ({ ...d, label: formatDay(d.label, language) })),
  );

  return (
    <div className="admin-watch" data-testid="user-watch">
      <p>
        <Link to="/admin/user">{t('watchAdmin.member.back')}</Link>
      </p>
      <h1 className="admin__heading">{t('watchAdmin.member.title')}</h1>
      {who && (
        <p className="card__text" data-testid="user-watch-who">
          {who}
        </p>
      )}
      {detail.isPending && <Spinner label={t('watchAdmin.member.loading')} />}
      {detail.isError && <Alert>{problemText(detail.error, language)}</Alert>}
      {data && data.videos.length === 0 && data.playbacks.length === 0 && (
        <p className="card__text" data-testid="user-watch-empty">
          {t('watchAdmin.member.empty')}
        </p>
      )}
      {data && data.videos.length > 0 && (
        <>
          <section aria-labelledby="user-watch-videos">
            <h2 className="admin__subheading" id="user-watch-videos">
              {t('watchAdmin.member.videos')}
            </h2>
            <DataTable
              columns={videoColumns}
              rows={data.videos}
              rowKey={(v) => v.videoId}
              testId="user-watch-videos"
            />
          </section>
          {days.bars.length > 0 && (
            <section aria-labelledby="user-watch-days">
              <h2 className="admin__subheading" id="user-watch-days">
                {t('watchAdmin.member.days')}
              </h2>
              <LazyDayBarChart
                title={t('watchAdmin.member.days')}
                valueLabel={t(
                  days.unit === 'seconds'
                    ? 'watchAdmin.member.chartSecondsLabel'
                    : 'watchAdmin.member.chartLabel',
                )}
                bars={days.bars}
                testId="user-watch-chart"
                loadingLabel={t('watchAdmin.member.loading')}
              />
            </section>
          )}
        </>
      )}
      {data && data.playbacks.length > 0 && (
        <section aria-labelledby="user-watch-playbacks">
          <h2 className="admin__subheading" id="user-watch-playbacks">
            {t('watchAdmin.member.playbacks')}
          </h2>
          <DataTable
            columns={playbackColumns}
            rows={data.playbacks}
            rowKey={(p) => p.id}
            testId="user-watch-playbacks"
          />
        </section>
      )}
    </div>
  );
}
