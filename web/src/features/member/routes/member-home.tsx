import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { Logo } from '@/components/layout/logo';
import { useAuthStore } from '@/stores/auth-store';

/** /member — placeholder of the member area; only Premium enters, others go to /logout (spec 01 §4). */
export function MemberHomeRoute() {
  const { t } = useTranslation();
  const ready = useAuthStore((s) => s.ready);
  const user = useAuthStore((s) => s.user);
  if (!ready) {
    return (
      <main className="status-page" id="main">
        <Spinner label={t('member.checking')} />
      </main>
    );
  }
  if (!user || user.status !== 'Premium') return <Navigate to="/logout" replace />;
  return (
    <div className="member">
      <header className="member__bar">
        <Logo />
      </header>
      <main className="status-page" id="main">
        <h1 className="status-page__title">{t('member.title')}</h1>
        <p className="status-page__text">{t('member.text')}</p>
        <Link className="btn btn--primary btn--md" to="/">
          {t('member.home')}
        </Link>
      </main>
    </div>
  );
}
