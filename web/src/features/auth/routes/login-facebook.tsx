import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth-store';
import { useAuthDialogStore } from '../stores/auth-dialog-store';
import { facebookLogin } from '../api/facebook-login';
import { meQueryKey } from '../api/get-me';
import { parseFacebookReturn, takeFacebookState } from '../lib/facebook-redirect';

/**
 * /loginFacebook — where Facebook sends the browser back (contract §B). The `state` must be the one we
 * sent; the token goes to the server, whose outcome decides: signed in → /member, an account with the
 * same e-mail → the connect dialog, nobody → registration with the e-mail prefilled.
 */
export function LoginFacebookRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const dialogs = useAuthDialogStore.getState();
    const home = () => void navigate('/', { replace: true });
    const fail = (key: 'facebook.cancelled' | 'facebook.stateMismatch') => {
      dialogs.openLogin('', { tone: 'error', message: { key } });
      home();
    };

    const back = parseFacebookReturn(location.search, location.hash);
    const expected = takeFacebookState();
    if (back.kind === 'error') return fail('facebook.cancelled');
    if (!expected || back.state !== expected) return fail('facebook.stateMismatch');

    facebookLogin(back.accessToken)
      .then((reply) => {
        if (reply.outcome === 'logged-in') {
          useAuthStore.getState().setSession(reply.token, reply.user);
          queryClient.setQueryData(meQueryKey(reply.token), { user: reply.user });
          // spec 01 §2: after a social login the user goes to /member
          void navigate('/member', { replace: true });
          return;
        }
        const member = useAuthStore.getState().user;
        if (reply.outcome === 'confirm-connect') {
          dialogs.openSocialConnect({
            accessToken: back.accessToken,
            social: reply.social,
            user: reply.user,
          });
        } else if (member) {
          // a signed-in member reached Facebook: offer to connect it to this account (disabled if e-mails differ)
          dialogs.openSocialConnect({
            accessToken: back.accessToken,
            social: reply.social,
            user: { email: member.email, firstName: member.firstName, lastName: member.lastName },
          });
        } else {
          dialogs.openRegister({
            email: reply.social.email ?? '',
            facebook: { accessToken: back.accessToken, social: reply.social },
          });
        }
        home();
      })
      .catch((error: unknown) => {
        dialogs.openLogin('', {
          tone: 'error',
          message: isApiError(error) ? { error } : { key: 'error.title' },
        });
        home();
      });
  }, [location.hash, location.search, navigate, queryClient]);

  return (
    <main className="status-page" id="main">
      <Spinner label={t('facebook.signingIn')} />
      <p>{t('facebook.signingIn')}</p>
    </main>
  );
}
