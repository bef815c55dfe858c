import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';
import { problemText } from '@/lib/problem-text';
import { required, type ValidationKey } from '@/lib/validation';
import { useMessageText } from '@/hooks/use-message-text';
import { useLanguageStore } from '@/stores/language-store';
import { useAuthDialogStore } from '../stores/auth-dialog-store';
import { useLogin } from '../api/login';
import { EmailField } from './auth-fields';
import { RegisterCodeForm, RegisterDetailsForm, useRegisterFlow } from './register-steps';

/** Where the visitor is: the e-mail check, the password of an existing account, or registration. */
export type BuyerSignInStage = 'email' | 'password' | 'register';

/**
 * Signing in without leaving a page (spec 02 §2, §4 buy-now): the e-mail is checked; an existing
 * account asks for its password, a new one registers with the e-mailed code (the register dialog's
 * forms) and is then signed in with the password just chosen. Test ids: `<prefix>-email`,
 * `<prefix>-email-next`, `<prefix>-password`, `<prefix>-login`; registration keeps `register-*`.
 */
export function BuyerSignIn({
  testIdPrefix,
  onStageChange,
  onSignedIn,
}: {
  testIdPrefix: string;
  onStageChange?: (stage: BuyerSignInStage) => void;
  onSignedIn: () => void;
}) {
  const { t } = useTranslation();
  const text = useMessageText();
  const language = useLanguageStore((s) => s.language);
  const openPassword = useAuthDialogStore((s) => s.openPassword);
  const login = useLogin();
  /** the e-mail of an existing account, while its password is asked */
  const [account, setAccount] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<ValidationKey | null>(null);

  const flow = useRegisterFlow({
    onEmailRegistered: (email) => {
      login.reset();
      setPassword('');
      setPasswordError(null);
      setAccount(email);
    },
    onRegistered: async ({ email, password: chosen }) => {
      try {
        await login.mutateAsync({ email, password: chosen });
      } catch {
        // registered, but signing in failed: the password form shows why and lets them try again
        setAccount(email);
        return;
      }
      onSignedIn();
    },
  });

  const stage: BuyerSignInStage =
    account !== null ? 'password' : flow.step === 'email' ? 'email' : 'register';
  useEffect(() => {
    onStageChange?.(stage);
  }, [stage, onStageChange]);

  function onSubmitPassword(event: FormEvent) {
    event.preventDefault();
    const invalid = required(password);
    setPasswordError(invalid);
    if (invalid || account === null) return;
    login.mutate({ email: account, password }, { onSuccess: () => onSignedIn() });
  }

  if (stage === 'password') {
    return (
      <form className="form" noValidate onSubmit={onSubmitPassword}>
        {login.error && <Alert>{problemText(login.error, language)}</Alert>}
        <TextField label={t('form.email')} type="email" value={account ?? ''} readOnly />
        <TextField
          label={t('form.password')}
          type="password"
          autoComplete="current-password"
          autoFocus
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setPasswordError(null);
          }}
          error={passwordError ? t(passwordError) : null}
          data-testid={`${testIdPrefix}-password`}
        />
        <p className="form__aside">
          <button type="button" className="link-btn" onClick={() => openPassword({ email: account ?? '' })}>
            {t('login.forgotPassword')}
          </button>
        </p>
        <Button
          type="submit"
          size="lg"
          className="form__submit"
          loading={login.isPending}
          data-testid={`${testIdPrefix}-login`}
        >
          {t('login.submit')}
        </Button>
        <div className="form__row">
          <button
            type="button"
            className="link-btn"
            onClick={() => {
              setAccount(null);
              flow.setStep('email');
            }}
          >
            {t('register.back')}
          </button>
        </div>
      </form>
    );
  }

  return (
    <>
      {flow.formError && <Alert>{text(flow.formError)}</Alert>}
      {flow.notice && <Alert tone="info">{text(flow.notice)}</Alert>}
      {flow.step === 'email' && (
        <form ref={flow.formRef} className="form" noValidate onSubmit={flow.submitEmail}>
          <EmailField
            autoFocus
            value={flow.email}
            onValueChange={flow.setEmail}
            error={flow.emailError}
            data-testid={`${testIdPrefix}-email`}
          />
          <Button
            type="submit"
            size="lg"
            className="form__submit"
            loading={flow.pending}
            data-testid={`${testIdPrefix}-email-next`}
          >
            {t('register.next')}
          </Button>
        </form>
      )}
      {flow.step === 'code' && <RegisterCodeForm flow={flow} />}
      {flow.step === 'details' && <RegisterDetailsForm flow={flow} />}
    </>
  );
}
