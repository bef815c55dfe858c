import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Spinner } from '@/components/ui/spinner';
import { MEMBER_KEY } from '../api/my-enrolments';

/** Only member-area paths are gone back to (never an address given from outside). */
const memberPath = (v: unknown): string | null =>
  typeof v === 'string' && /^\/member(\/|$)/.test(v) && !v.startsWith('/member/reload') ? v : null;

/**
 * /member/reload (spec 01: after a course selection is saved the user goes here): "Please stand
 * by" while everything the member area shows is fetched again for the new course, then back.
 */
export function MemberReloadRoute() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const back = memberPath((location.state as { back?: unknown } | null)?.back) ?? '/member';

  useEffect(() => {
    let live = true;
    void queryClient.refetchQueries({ queryKey: MEMBER_KEY }).finally(() => {
      if (live) void navigate(back, { replace: true });
    });
    return () => {
      live = false;
    };
  }, []);

  return (
    <section className="card member-reload" aria-busy="true" data-testid="member-reload">
      <Spinner label={t('member.course.standBy')} />
      <p className="card__text">{t('member.course.standBy')}</p>
    </section>
  );
}
