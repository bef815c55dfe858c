import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CheckinResult } from '@rian/proto-contracts/learning-checkin';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { problemText } from '@/lib/problem-text';
import { useAuthStore } from '@/stores/auth-store';
import { useLanguageStore } from '@/stores/language-store';
import { typedCode, useCheckIn } from '../api/check-in';
import '../check-in.css';
import '../i18n';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /checkIn?s=<sessionId>&c=<code> — what a phone opens from the kiosk's QR (spec 01 §8): a visitor
 * signs in first (`onLogin` opens the login dialog on this page, so the link is not lost), then the
 * check-in is sent once. Success: the server's message in a message dialog; failure: an alert with
 * the server's message. A form takes the typed 6-digit code (the session from the link, else
 * today's sessions of the member's courses).
 */
export function CheckInRoute({ onLogin }: { onLogin: (returnTo: string) => void }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const ready = useAuthStore((s) => s.ready);
  const token = useAuthStore((s) => s.token);
  const [params] = useSearchParams();
  const location = useLocation();
  const sessionParam = params.get('s') ?? '';
  const sessionId = UUID.test(sessionParam) ? sessionParam : undefined;
  const qr = params.get('c') ?? '';
  const checkIn = useCheckIn();
  const [done, setDone] = useState<CheckinResult | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const sent = useRef(false);

  const send = (body: { sessionId?: string; code: string }) => {
    checkIn.reset();
    void checkIn.mutateAsync(body).then(setDone, () => undefined);
  };

  // the QR's link: sent once, as soon as the member is signed in
  useEffect(() => {
    if (!token || sent.current || !qr || !/^[A-Za-z0-9_-]{1,64}$/.test(qr)) return;
    sent.current = true;
    send({ ...(sessionId ? { sessionId } : {}), code: qr });
  }, [token]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const digits = typedCode(code);
    if (!digits) {
      setCodeError(t('checkIn.codeInvalid'));
      return;
    }
    setCodeError(null);
    send({ ...(sessionId ? { sessionId } : {}), code: digits });
  };

  const message = done ? (language === 'en' ? done.messages.en : done.messages.th) : '';

  return (
    <main className="page check-in-page" id="main" data-testid="check-in-page">
      <h1 className="check-in-page__title">{t('checkIn.title')}</h1>
      <p className="check-in-page__lead">{t('checkIn.lead')}</p>
      {!ready && !token ? (
        <Spinner label={t('checkIn.checking')} />
      ) : !token ? (
        <section className="card check-in-card" data-testid="check-in-sign-in">
          <h2 className="card__title">{t('checkIn.signInTitle')}</h2>
          <p className="card__text">{t('checkIn.signInText')}</p>
          <Button
            onClick={() => onLogin(`${location.pathname}${location.search}`)}
            data-testid="check-in-login"
          >
            {t('checkIn.signIn')}
          </Button>
        </section>
      ) : (
        <section className="card check-in-card">
          {checkIn.isPending && <Spinner label={t('checkIn.sending')} />}
          {checkIn.isError && (
            <Alert>
              <span data-testid="check-in-error">{problemText(checkIn.error, language)}</span>
            </Alert>
          )}
          {checkIn.isError && qr && <p className="check-in-card__hint">{t('checkIn.retryScan')}</p>}
          <form className="check-in-form" onSubmit={submit} noValidate>
            <TextField
              label={t('checkIn.codeLabel')}
              hint={t('checkIn.codeHint')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={codeError}
              className="check-in-form__code"
              data-testid="check-in-code"
            />
            <Button type="submit" disabled={checkIn.isPending} data-testid="check-in-submit">
              {t('checkIn.submit')}
            </Button>
          </form>
        </section>
      )}
      <Dialog open={done !== null} onOpenChange={(open) => !open && setDone(null)}>
        {done && (
          <DialogContent
            title={done.result === 'already' ? t('checkIn.alreadyTitle') : t('checkIn.successTitle')}
            description={<span data-testid="check-in-message">{message}</span>}
            closeLabel={t('checkIn.close')}
            data-testid="check-in-dialog"
            data-result={done.result}
          >
            <div className="form__actions">
              <Link to="/member" className={buttonClass('secondary')} data-testid="check-in-to-member">
                {t('checkIn.toMember')}
              </Link>
              <Button onClick={() => setDone(null)} data-testid="check-in-ok">
                {t('checkIn.ok')}
              </Button>
            </div>
          </DialogContent>
        )}
      </Dialog>
    </main>
  );
}
