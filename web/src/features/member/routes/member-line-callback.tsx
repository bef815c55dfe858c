import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { finishLineLink, useRememberLineLink, type LineResult } from '../api/line-link';
import '../i18n-line';

/**
 * /member/line/callback — where LINE sends the browser back after "Connect LINE" (issue 20): the
 * code and state go to auth, which asks LINE who signed in; then back to the dashboard, whose LINE
 * card says how it went. A cancel on LINE's page (error=access_denied) posts nothing.
 */
export function MemberLineCallbackRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const remember = useRememberLineLink();
  const started = useRef(false);

  useEffect(() => {
    // the state works once: never post it twice (React's development double effect included)
    if (started.current) return;
    started.current = true;
    const query = new URLSearchParams(location.search);
    const back = (lineResult: LineResult) =>
      void navigate('/member', { replace: true, state: { lineResult } });
    const code = query.get('code');
    const state = query.get('state');
    if (query.get('error') || !code || !state) return back({ kind: 'cancelled' });
    finishLineLink({ code, state })
      .then((reply) => {
        remember(reply);
        back({ kind: 'linked' });
      })
      .catch((error: unknown) =>
        back({
          kind: 'failed',
          messages: isApiError(error) ? (error.problem.messages ?? null) : null,
          detail: isApiError(error) ? (error.problem.detail ?? error.message) : 'An error occurred',
        }),
      );
  }, [location.search, navigate, remember]);

  return (
    <main className="status-page" id="main">
      <Spinner label={t('member.line.finishing')} />
    </main>
  );
}
