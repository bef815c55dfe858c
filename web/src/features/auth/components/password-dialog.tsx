import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';
import { isApiError } from '@/lib/api-client';
import { fieldMessages, type Message } from '@/lib/message';
import { validateCode, validateEmail, validatePassword, validatePasswordConfirm } from '@/lib/validation';
import { useMessageText } from '@/hooks/use-message-text';
import { useAuthStore } from '@/stores/auth-store';
import { useLanguageStore } from '@/stores/language-store';
import { CodeField, EmailField } from './auth-fields';
import { useAuthDialogStore } from '../stores/auth-dialog-store';
import { usePasswordCheckEmail } from '../api/password-check-email';
import { useRequestPasswordCode } from '../api/password-code';
import { useResetPassword } from '../api/password-reset';

type Step = 'email' | 'sent' | 'reset';
type Field = 'email' | 'code' | 'password' | 'passwordConfirm';
type Errors = Partial<Record<Field, Message>>;
const FIELDS: readonly Field[] = ['email', 'code', 'password', 'passwordConfirm'];

/**
 * Forgot / change password (spec 01 §4): check the e-mail → e-mail a code → "please check your
 * e-mail" → the new-password form with the code → /login. A code from an e-mail link starts at the form.
 */
export function PasswordDialog() {
  const open = useAuthDialogStore((s) => s.open === 'password');
  const close = useAuthDialogStore((s) => s.close);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      {open && <PasswordFlow />}
    </Dialog>
  );
}

function PasswordFlow() {
  const { t } = useTranslation();
  const text = useMessageText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const language = useLanguageStore((s) => s.language);
  const signedInEmail = useAuthStore((s) => s.user?.email ?? '');
  const prefillEmail = useAuthDialogStore((s) => s.email);
  const prefillCode = useAuthDialogStore((s) => s.passwordCode);
  const openLogin = useAuthDialogStore((s) => s.openLogin);
  const checkEmail = usePasswordCheckEmail();
  const requestCode = useRequestPasswordCode();
  const reset = useResetPassword();
  const formRef = useRef<HTMLFormElement>(null);

  const [step, setStep] = useState<Step>(prefillCode ? 'reset' : 'email');
  // logged-in members get their e-mail prefilled (spec 01 §4)
  const [email, setEmail] = useState(prefillEmail || signedInEmail);
  const [code, setCode] = useState(prefillCode);
  const [password, setPassword] = useState('');
  const [passwordConfirm, setPasswordConfirm] = useState('');
  const [minutes, setMinutes] = useState(10);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<Message | null>(null);
  /** after a failed change: offer to request a new code */
  const [offerNewCode, setOfferNewCode] = useState(false);

  const pending = checkEmail.isPending || requestCode.isPending || reset.isPending;

  function showErrors(next: Errors): boolean {
    setErrors(next);
    const invalid = Object.values(next).some(Boolean);
    if (invalid) {
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
    }
    return invalid;
  }

  function clearError(field: Field) {
    setErrors((s) => (s[field] ? { ...s, [field]: undefined } : s));
  }

  function applyServerError(error: unknown, { offer }: { offer: boolean }) {
    if (!isApiError(error)) {
      setFormError({ key: 'error.title' });
      return;
    }
    if (error.code === 'auth.email_unknown') {
      // "ไม่มี Email ในระบบ" belongs to the e-mail field
      setStep('email');
      showErrors({ email: { error } });
      return;
    }
    const fields = fieldMessages(error, FIELDS);
    if (Object.keys(fields).length > 0 && error.code === 'validation.failed') {
      showErrors(fields);
      return;
    }
    setFormError({ error });
    setOfferNewCode(offer);
  }

  async function onSubmitEmail(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    setOfferNewCode(false);
    const invalid = validateEmail(email);
    if (showErrors(invalid ? { email: { key: invalid } } : {})) return;
    const address = email.trim();
    try {
      await checkEmail.mutateAsync(address);
      const reply = await requestCode.mutateAsync({ email: address, locale: language });
      setEmail(address);
      setMinutes(Math.round((reply.expiresInSeconds || 600) / 60));
      setCode('');
      setStep('sent');
    } catch (error) {
      applyServerError(error, { offer: false });
    }
  }

  async function onSubmitReset(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    setOfferNewCode(false);
    const checks: Errors = {};
    const put = (field: Field, key: ReturnType<typeof validateEmail>) => {
      if (key) checks[field] = { key };
    };
    put('email', validateEmail(email));
    put('code', validateCode(code));
    put('password', validatePassword(password));
    put('passwordConfirm', validatePasswordConfirm(password, passwordConfirm));
    if (showErrors(checks)) return;
    const address = email.trim();
    try {
      await reset.mutateAsync({ email: address, code: code.trim(), password, passwordConfirm });
    } catch (error) {
      applyServerError(error, { offer: true });
      return;
    }
    // the server ended every session of this user: a signed-in member starts again too
    if (useAuthStore.getState().token) {
      useAuthStore.getState().clear();
      queryClient.removeQueries({ queryKey: ['auth', 'me'] });
    }
    openLogin(address, { tone: 'success', message: { key: 'password.changed' } });
    // spec 01 §4: after a successful change the user goes to /login
    void navigate('/login');
  }

  function requestNewCode() {
    setFormError(null);
    setOfferNewCode(false);
    setErrors({});
    setCode('');
    setStep('email');
  }

  const descriptions: Record<Step, string> = {
    email: t('password.emailDescription'),
    sent: t('password.sentDescription'),
    reset: t('password.resetDescription'),
  };

  return (
    <DialogContent
      title={step === 'sent' ? t('password.sentTitle') : t('password.title')}
      description={descriptions[step]}
      closeLabel={t('form.close')}
    >
      {formError && (
        <Alert>
          <span data-testid="password-error">{text(formError)}</span>
        </Alert>
      )}
      {offerNewCode && (
        <p className="form__aside form__aside--start">
          <button type="button" className="link-btn" onClick={requestNewCode} data-testid="password-new-code">
            {t('password.forgotAgain')}
          </button>
        </p>
      )}

      {step === 'email' && (
        <form ref={formRef} className="form" noValidate onSubmit={onSubmitEmail}>
          <EmailField
            autoFocus
            value={email}
            onValueChange={(value) => {
              setEmail(value);
              clearError('email');
            }}
            error={text(errors.email)}
            data-testid="password-email"
          />
          <Button
            type="submit"
            size="lg"
            className="form__submit"
            loading={pending}
            data-testid="password-submit"
          >
            {t('password.sendCode')}
          </Button>
          <p className="form__switch">
            <button type="button" className="link-btn" onClick={() => openLogin(email.trim())}>
              {t('password.toLogin')}
            </button>
          </p>
        </form>
      )}

      {step === 'sent' && (
        <div className="form" data-testid="password-sent">
          <Alert tone="info">{t('password.checkEmail', { email, minutes })}</Alert>
          <Button
            size="lg"
            className="form__submit"
            autoFocus
            onClick={() => setStep('reset')}
            data-testid="password-enter-code"
          >
            {t('password.enterCode')}
          </Button>
          <div className="form__row">
            <button type="button" className="link-btn" onClick={() => setStep('email')}>
              {t('password.otherEmail')}
            </button>
          </div>
        </div>
      )}

      {step === 'reset' && (
        <form ref={formRef} className="form" noValidate onSubmit={onSubmitReset}>
          <EmailField
            autoComplete="username"
            autoFocus={!email}
            value={email}
            onValueChange={(value) => {
              setEmail(value);
              clearError('email');
            }}
            error={text(errors.email)}
            data-testid="password-email"
          />
          <CodeField
            autoFocus={Boolean(email) && !code}
            value={code}
            onValueChange={(value) => {
              setCode(value);
              clearError('code');
            }}
            error={text(errors.code)}
            data-testid="password-code"
          />
          <TextField
            label={t('password.newPassword')}
            type="password"
            autoComplete="new-password"
            autoFocus={Boolean(email) && Boolean(code)}
            hint={t('form.passwordHint')}
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              clearError('password');
            }}
            error={text(errors.password)}
            data-testid="password-new"
          />
          <TextField
            label={t('form.passwordConfirm')}
            type="password"
            autoComplete="new-password"
            value={passwordConfirm}
            onChange={(e) => {
              setPasswordConfirm(e.target.value);
              clearError('passwordConfirm');
            }}
            error={text(errors.passwordConfirm)}
            data-testid="password-confirm"
          />
          <Button
            type="submit"
            size="lg"
            className="form__submit"
            loading={pending}
            data-testid="password-submit"
          >
            {t('password.submit')}
          </Button>
          {!offerNewCode && (
            <div className="form__row">
              <button type="button" className="link-btn" onClick={requestNewCode}>
                {t('password.noCode')}
              </button>
            </div>
          )}
        </form>
      )}
    </DialogContent>
  );
}
