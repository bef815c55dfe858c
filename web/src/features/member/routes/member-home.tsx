import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { useAuthStore } from '@/stores/auth-store';
import { useStaffStore } from '@/stores/staff-store';
import { MemberLayout } from '../components/member-layout';
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

  const name = user.nickname || user.firstName;
  return (
    <MemberLayout user={user} title={t('member.menu.dashboard')}>
      <section className="card member-welcome">
        <h1 className="card__title">{t('member.welcome', { name })}</h1>
        <p className="card__text">{t('member.text')}</p>
      </section>
    </MemberLayout>
  );
}
