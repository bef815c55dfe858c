import { Link, Navigate, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { formatDay } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useAuthStore } from '@/stores/auth-store';
import { useLanguageStore } from '@/stores/language-store';
import { useStaffStore } from '@/stores/staff-store';
import type { User } from '@/types/api';
import { courseLabel, selectedEnrolment, useMyEnrolments } from '../api/my-enrolments';
import { MemberLayout } from '../components/member-layout';
import { MemberReloadRoute } from './member-reload';
import '../i18n';

/**
 * /member (spec 01 §4, §6): only Premium enters; other members go to /logout, staff to /.
 * A status read from the last visit is confirmed by the server before a member is turned away.
 */
export function MemberHomeRoute() {
  const { t } = useTranslation();
  const ready = useAuthStore((s) => s.ready);
  const token = useAuthStore((s) => s.token);
  const user = useAuthStore((s) => s.user);
  const verified = useAuthStore((s) => s.verified);
  const expired = useAuthStore((s) => s.expired);
  const staff = useStaffStore((s) => Boolean(s.token));

  const premium = user?.status === 'Premium' && !expired;
  if (!premium && (!ready || (token && !verified && !expired))) {
    return (
      <main className="status-page" id="main">
        <Spinner label={t('member.checking')} />
      </main>
    );
  }
  if (!user || !premium) return <Navigate to={staff ? '/' : '/logout'} replace />;

  return (
    <Routes>
      <Route index element={<MemberDashboard user={user} />} />
      <Route
        path="reload"
        element={
          <MemberLayout user={user} title={t('member.menu.dashboard')}>
            <MemberReloadRoute />
          </MemberLayout>
        }
      />
      {/* the other member pages (calendar, videos, live) come with later issues */}
      <Route path="*" element={<Navigate to="/member" replace />} />
    </Routes>
  );
}

/** The dashboard: a welcome and the selected course (spec 01 "On entering the member area"). */
function MemberDashboard({ user }: { user: User }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const enrolments = useMyEnrolments();
  const selected = selectedEnrolment(enrolments.data?.items ?? []);
  const name = user.nickname || user.firstName;
  return (
    <MemberLayout user={user} title={t('member.menu.dashboard')}>
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
        <p className="card__text">{t('member.text')}</p>
      </section>
    </MemberLayout>
  );
}
