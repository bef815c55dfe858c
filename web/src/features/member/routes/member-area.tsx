import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { useAuthStore } from '@/stores/auth-store';
import { useStaffStore } from '@/stores/staff-store';
import type { User } from '@/types/api';
import { MemberLayout } from '../components/member-layout';
import '../i18n';

/**
 * The parent of every /member page (spec 01 §4, §6): only Premium enters; other members go to
 * /logout, staff to /. A status read from the last visit is confirmed by the server before a
 * member is turned away. The pages render in the layout's Outlet.
 */
export function MemberAreaRoute() {
  return <MemberOnly>{(user) => <MemberLayout user={user} />}</MemberOnly>;
}

/** The member area's gate, for a page outside its layout too (/ovenplayerLiveStream). */
export function MemberOnly({ children }: { children: (user: User) => ReactNode }) {
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
  return children(user);
}
