import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';
import { problemText } from '@/lib/problem-text';
import { required, validateEmail, type ValidationKey } from '@/lib/validation';
import { useMessageText } from '@/hooks/use-message-text';
import { useLanguageStore } from '@/stores/language-store';
import { useAuthDialogStore } from '../stores/auth-dialog-store';
import { useLogin } from '../api/login';
import { FacebookButton } from './facebook-button';

export function LoginDialog() {
  const open = useAuthDialogStore((s) => s.open === 'login');
  const close = useAuthDialogStore((s) => s.close);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      {open && <LoginForm />}
    </Dialog>
  );
}

function LoginForm() {
  const { t } = useTranslation();
  const text = useMessageText();
  const language = useLanguageStore((s) => s.language);
  const navigate = useNavigate();
  const prefill = useAuthDialogStore((s) => s.email);
  const notice = useAuthDialogStore((s) => s.notice);
  const close = useAuthDialogStore((s) => s.close);
  const openRegister = useAuthDialogStore((s) => s.openRegister);
  const openPassword = useAuthDialogStore((s) => s.openPassword);
  const login = useLogin();
  const [email, setEmail] = useState(prefill);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: ValidationKey; password?: ValidationKey }>({});

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next = { email: validateEmail(email) ?? undefined, password: required(password) ?? undefined };
    setErrors(next);
    if (next.email || next.password) return;
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => {
          const returnTo = useAuthDialogStore.getState().returnTo;
          close();
          // spec 01 §2: after a password login the user goes to / (a page that asked for the
          // sign-in, like /checkIn from a QR, gets the member back)
          void navigate(returnTo ?? '/');
        },
      },
    );
  }

  return (
    <DialogContent title={t('login.title')} description={t('login.description')} closeLabel={t('form.close')}>
      <form className="form" noValidate onSubmit={onSubmit}>
        {notice && !login.error && (
          <Alert tone={notice.tone}>
            <span data-testid="login-notice">{text(notice.message)}</span>
          </Alert>
        )}
        {login.error && <Alert>{problemText(login.error, language)}</Alert>}
        <TextField
          label={t('form.email')}
          type="email"
          autoComplete="email"
          autoFocus={!prefill}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setErrors((s) => ({ ...s, email: undefined }));
          }}
          error={errors.email ? t(errors.email) : null}
          data-testid="login-email"
        />
        <TextField
          label={t('form.password')}
          type="password"
          autoComplete="current-password"
          autoFocus={Boolean(prefill)}
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setErrors((s) => ({ ...s, password: undefined }));
          }}
          error={errors.password ? t(errors.password) : null}
          data-testid="login-password"
        />
        <p className="form__aside">
          <button
            type="button"
            className="link-btn"
            onClick={() => openPassword({ email: email.trim() })}
            data-testid="forgot-password"
          >
            {t('login.forgotPassword')}
          </button>
        </p>
        <Button
          type="submit"
          size="lg"
          className="form__submit"
          loading={login.isPending}
          data-testid="login-submit"
        >
          {t('login.submit')}
        </Button>
        <FacebookButton />
        <p className="form__switch">
          {t('login.noAccount')}{' '}
          <button type="button" className="link-btn" onClick={() => openRegister()}>
            {t('login.toRegister')}
          </button>
        </p>
      </form>
    </DialogContent>
  );
}
