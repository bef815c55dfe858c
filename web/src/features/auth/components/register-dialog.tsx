import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';
import { isApiError } from '@/lib/api-client';
import { useLanguageStore } from '@/stores/language-store';
import { useAuthDialogStore, type FacebookRegistration } from '../stores/auth-dialog-store';
import { useCheckEmail } from '../api/check-email';
import { useRequestCode } from '../api/request-code';
import { useRegister } from '../api/register';
import { FacebookButton } from './facebook-button';
import { CodeField, EmailField } from './auth-fields';
import {
  normalizePhone,
  required,
  validateCode,
  validateEmail,
  validatePassword,
  validatePasswordConfirm,
  validatePhone,
} from '@/lib/validation';
import { fromFieldError, type Message } from '@/lib/message';
import { useMessageText } from '@/hooks/use-message-text';

type Step = 'email' | 'code' | 'details' | 'success';
type Details = {
  firstName: string;
  lastName: string;
  nickname: string;
  phone: string;
  password: string;
  passwordConfirm: string;
};
type Field = 'email' | 'code' | keyof Details;
type Errors = Partial<Record<Field, Message>>;

const EMPTY_DETAILS: Details = {
  firstName: '',
  lastName: '',
  nickname: '',
  phone: '',
  password: '',
  passwordConfirm: '',
};
const DETAIL_FIELDS = Object.keys(EMPTY_DETAILS) as (keyof Details)[];
/** Facebook gives one display name: its first word is taken as the first name, the rest as the last. */
function namesFrom(facebook: FacebookRegistration | null): Pick<Details, 'firstName' | 'lastName'> {
  const [first = '', ...rest] = (facebook?.social.name ?? '').trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

const STEP_NUMBER: Record<Step, number> = { email: 1, code: 2, details: 3, success: 3 };

/** Registration in three steps (spec 01 §4): e-mail → 4-digit code → details; then "register success". */
export function RegisterDialog() {
  const open = useAuthDialogStore((s) => s.open === 'register');
  const close = useAuthDialogStore((s) => s.close);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      {open && <RegisterFlow />}
    </Dialog>
  );
}

function RegisterFlow() {
  const { t } = useTranslation();
  const text = useMessageText();
  const language = useLanguageStore((s) => s.language);
  const openLogin = useAuthDialogStore((s) => s.openLogin);
  const prefillEmail = useAuthDialogStore((s) => s.email);
  const facebook = useAuthDialogStore((s) => s.facebook);
  const checkEmail = useCheckEmail();
  const requestCode = useRequestCode();
  const register = useRegister();
  const formRef = useRef<HTMLFormElement>(null);

  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState(prefillEmail);
  const [code, setCode] = useState('');
  const [details, setDetails] = useState<Details>(() => ({ ...EMPTY_DETAILS, ...namesFrom(facebook) }));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<Message | null>(null);
  const [notice, setNotice] = useState<Message | null>(null);

  const pending = checkEmail.isPending || requestCode.isPending || register.isPending;

  function focusFirstInvalid() {
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );
  }

  function showErrors(next: Errors): boolean {
    setErrors(next);
    const invalid = Object.values(next).some(Boolean);
    if (invalid) focusFirstInvalid();
    return invalid;
  }

  function clearError(field: Field) {
    setErrors((s) => (s[field] ? { ...s, [field]: undefined } : s));
  }

  /** Server problems: field errors next to their field (on their step), the rest as the form's alert. */
  function applyServerError(error: unknown) {
    if (!isApiError(error)) {
      setFormError({ text: t('error.title') });
      return;
    }
    if (error.code === 'auth.email_registered') {
      setStep('email');
      showErrors({ email: { error } });
      return;
    }
    if (error.code === 'auth.code_mismatch' || error.code === 'auth.code_expired') {
      // spec 01 §4: a wrong code shows the mismatch error and returns to the e-mail form
      setCode('');
      setNotice(null);
      setErrors({});
      setFormError({ error });
      setStep('email');
      return;
    }
    const fields = error.fieldErrors();
    const next: Errors = {};
    for (const [field, fieldError] of Object.entries(fields)) {
      if (field === 'email' || field === 'code' || DETAIL_FIELDS.includes(field as keyof Details)) {
        next[field as Field] = fromFieldError(fieldError);
      }
    }
    if (Object.keys(next).length === 0) {
      setFormError({ error });
      return;
    }
    if (next.email) setStep('email');
    else if (next.code) setStep('code');
    showErrors(next);
  }

  async function sendCode(address: string) {
    const reply = await requestCode.mutateAsync({ email: address, locale: language });
    return Math.round((reply.expiresInSeconds || 600) / 60);
  }

  async function onSubmitEmail(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const invalid = validateEmail(email);
    if (showErrors(invalid ? { email: { key: invalid } } : {})) return;
    const address = email.trim();
    try {
      const check = await checkEmail.mutateAsync(address);
      if (check.registered) {
        showErrors({ email: { key: 'register.emailRegistered' } });
        return;
      }
      const minutes = await sendCode(address);
      setEmail(address);
      setCode('');
      setNotice({ key: 'register.codeSent', values: { email: address, minutes } });
      setStep('code');
    } catch (error) {
      applyServerError(error);
    }
  }

  async function onResend() {
    setFormError(null);
    try {
      await sendCode(email);
      setNotice({ key: 'register.resent' });
    } catch (error) {
      applyServerError(error);
    }
  }

  function onSubmitCode(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const invalid = validateCode(code);
    if (showErrors(invalid ? { code: { key: invalid } } : {})) return;
    setCode(code.trim());
    setNotice(null);
    setStep('details');
  }

  async function onSubmitDetails(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const checks: Errors = {};
    const put = (field: Field, key: ReturnType<typeof required>) => {
      if (key) checks[field] = { key };
    };
    put('firstName', required(details.firstName));
    put('lastName', required(details.lastName));
    put('phone', validatePhone(details.phone));
    put('password', validatePassword(details.password));
    put('passwordConfirm', validatePasswordConfirm(details.password, details.passwordConfirm));
    if (showErrors(checks)) return;
    try {
      await register.mutateAsync({
        email,
        code,
        firstName: details.firstName.trim(),
        lastName: details.lastName.trim(),
        ...(details.nickname.trim() ? { nickname: details.nickname.trim() } : {}),
        phone: normalizePhone(details.phone),
        password: details.password,
        passwordConfirm: details.passwordConfirm,
        ...(facebook ? { facebookAccessToken: facebook.accessToken } : {}),
      });
      setNotice(null);
      setStep('success');
    } catch (error) {
      applyServerError(error);
    }
  }

  const detail = (field: keyof Details) => ({
    value: details[field],
    onChange: (e: { target: { value: string } }) => {
      setDetails((s) => ({ ...s, [field]: e.target.value }));
      clearError(field);
    },
    error: text(errors[field]),
    'data-testid': `register-${field}`,
  });

  const descriptions: Record<Step, string> = {
    email: t('register.emailDescription'),
    code: t('register.codeDescription', { email }),
    details: t('register.detailsDescription'),
    success: t('register.successText', { email }),
  };

  return (
    <DialogContent
      title={step === 'success' ? t('register.successTitle') : t('register.title')}
      description={descriptions[step]}
      closeLabel={t('form.close')}
      className="register-dialog"
    >
      {step !== 'success' && (
        <div className="stepper" aria-hidden="true">
          {[1, 2, 3].map((n) => (
            <span key={n} className={n <= STEP_NUMBER[step] ? 'stepper__bar is-done' : 'stepper__bar'} />
          ))}
        </div>
      )}
      {step !== 'success' && (
        <p className="stepper__label">{t('register.step', { step: STEP_NUMBER[step] })}</p>
      )}

      {formError && <Alert>{text(formError)}</Alert>}
      {notice && <Alert tone="info">{text(notice)}</Alert>}
      {facebook && step !== 'success' && (
        <Alert tone="info">
          <span data-testid="register-facebook">
            {t('facebook.registering', { name: facebook.social.name })}
          </span>
        </Alert>
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
            data-testid="register-email"
          />
          <Button
            type="submit"
            size="lg"
            className="form__submit"
            loading={pending}
            data-testid="register-submit"
          >
            {t('register.sendCode')}
          </Button>
          {!facebook && <FacebookButton />}
          <p className="form__switch">
            {t('register.haveAccount')}{' '}
            <button type="button" className="link-btn" onClick={() => openLogin()}>
              {t('register.toLogin')}
            </button>
          </p>
        </form>
      )}

      {step === 'code' && (
        <form ref={formRef} className="form" noValidate onSubmit={onSubmitCode}>
          <CodeField
            autoFocus
            value={code}
            onValueChange={(value) => {
              setCode(value);
              clearError('code');
            }}
            error={text(errors.code)}
            data-testid="register-code"
          />
          <Button type="submit" size="lg" className="form__submit" data-testid="register-submit">
            {t('register.next')}
          </Button>
          <div className="form__row">
            <button type="button" className="link-btn" onClick={() => setStep('email')}>
              {t('register.back')}
            </button>
            <button type="button" className="link-btn" disabled={pending} onClick={() => void onResend()}>
              {t('register.resend')}
            </button>
          </div>
        </form>
      )}

      {step === 'details' && (
        <form ref={formRef} className="form" noValidate onSubmit={onSubmitDetails}>
          <div className="form__grid">
            <TextField
              label={t('form.firstName')}
              autoComplete="given-name"
              autoFocus
              {...detail('firstName')}
            />
            <TextField label={t('form.lastName')} autoComplete="family-name" {...detail('lastName')} />
            <TextField
              label={`${t('form.nickname')} ${t('form.optional')}`}
              autoComplete="nickname"
              {...detail('nickname')}
            />
            <TextField
              label={t('form.phone')}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              hint={t('form.phoneHint')}
              {...detail('phone')}
            />
            <TextField
              label={t('form.password')}
              type="password"
              autoComplete="new-password"
              hint={t('form.passwordHint')}
              {...detail('password')}
            />
            <TextField
              label={t('form.passwordConfirm')}
              type="password"
              autoComplete="new-password"
              {...detail('passwordConfirm')}
            />
          </div>
          <Button
            type="submit"
            size="lg"
            className="form__submit"
            loading={pending}
            data-testid="register-submit"
          >
            {t('register.submit')}
          </Button>
          <div className="form__row">
            <button type="button" className="link-btn" onClick={() => setStep('code')}>
              {t('register.back')}
            </button>
          </div>
        </form>
      )}

      {step === 'success' && (
        <div className="form register-success" role="status">
          <p className="register-success__badge" aria-hidden="true">
            ✓
          </p>
          <Button
            size="lg"
            className="form__submit"
            autoFocus
            onClick={() => openLogin(email)}
            data-testid="register-success-login"
          >
            {t('register.toLogin')}
          </Button>
        </div>
      )}
    </DialogContent>
  );
}
