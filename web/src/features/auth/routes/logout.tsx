import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Spinner } from '@/components/ui/spinner';
import { logout } from '../api/logout';

/** /logout: ends the session, then home. */
export function LogoutRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout()
      .catch(() => undefined)
      .finally(() => {
        queryClient.removeQueries({ queryKey: ['auth'] });
        void navigate('/', { replace: true });
      });
  }, [navigate, queryClient]);
  return (
    <main className="status-page" id="main">
      <Spinner label={t('logout.text')} />
      <p>{t('logout.text')}</p>
    </main>
  );
}
