import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';
import { FacebookIcon } from '@/components/ui/icons';
import { problemText } from '@/lib/problem-text';
import { useAuthStore } from '@/stores/auth-store';
import { useLanguageStore } from '@/stores/language-store';
import { useAuthDialogStore, type FacebookConnection } from '../stores/auth-dialog-store';
import { useFacebookConnect } from '../api/facebook-connect';
import { meQueryKey } from '../api/get-me';

/**
 * Social connect (spec 01 §2 dialogs, §4): the Facebook account's e-mail, name and picture; "connect"
 * links it to the registered account and signs in — disabled when the e-mails differ.
 */
export function SocialConnectDialog() {
  const connection = useAuthDialogStore((s) => (s.open === 'social-connect' ? s.connection : null));
  const close = useAuthDialogStore((s) => s.close);
  return (
    <Dialog open={Boolean(connection)} onOpenChange={(next) => !next && close()}>
      {connection && <SocialConnect connection={connection} />}
    </Dialog>
  );
}

const sameEmail = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a && b && a.trim().toLowerCase() === b.trim().toLowerCase());

function SocialConnect({ connection }: { connection: FacebookConnection }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const close = useAuthDialogStore((s) => s.close);
  const signedIn = useAuthStore((s) => s.user);
  const connect = useFacebookConnect();
  const { social } = connection;
  // a signed-in member connects to their own account; otherwise to the account with that e-mail
  const registeredEmail = signedIn?.email ?? connection.user.email;
  const matches = sameEmail(social.email, registeredEmail);
  // a picture that does not load (blocked, gone) falls back to the Facebook mark
  const [pictureFailed, setPictureFailed] = useState(false);

  function onConnect() {
    connect.mutate(connection.accessToken, {
      onSuccess: (reply) => {
        useAuthStore.getState().setSession(reply.token, reply.user);
        queryClient.setQueryData(meQueryKey(reply.token), { user: reply.user });
        close();
        // spec 01 §2: after a social login the user goes to /member
        void navigate('/member');
      },
    });
  }

  return (
    <DialogContent
      title={t('facebook.connectTitle')}
      description={t('facebook.connectDescription')}
      closeLabel={t('form.close')}
    >
      <div className="social-card" data-testid="social-connect">
        {social.pictureUrl && !pictureFailed ? (
          <img
            className="social-card__picture"
            src={social.pictureUrl}
            alt={social.name}
            onError={() => setPictureFailed(true)}
          />
        ) : (
          <span className="social-card__picture social-card__picture--empty" aria-hidden="true">
            <FacebookIcon width={28} height={28} />
          </span>
        )}
        <dl className="social-card__facts">
          <div>
            <dt>{t('facebook.name')}</dt>
            <dd data-testid="social-name">{social.name}</dd>
          </div>
          <div>
            <dt>{t('facebook.email')}</dt>
            <dd data-testid="social-email">{social.email ?? t('facebook.noEmail')}</dd>
          </div>
          <div>
            <dt>{t('facebook.registeredEmail')}</dt>
            <dd data-testid="registered-email">{registeredEmail}</dd>
          </div>
        </dl>
      </div>
      {!matches && <Alert tone="info">{t('facebook.emailMismatch')}</Alert>}
      {connect.error && <Alert>{problemText(connect.error, language)}</Alert>}
      <div className="form__actions">
        <Button variant="secondary" onClick={close}>
          {t('facebook.cancel')}
        </Button>
        <Button
          variant="facebook"
          disabled={!matches}
          loading={connect.isPending}
          onClick={onConnect}
          data-testid="social-connect-submit"
        >
          <FacebookIcon />
          {t('facebook.connect')}
        </Button>
      </div>
    </DialogContent>
  );
}
