import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { useLanguageStore } from '@/stores/language-store';
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
import type { FacebookRegistration } from '../stores/auth-dialog-store';
import { useCheckEmail } from '../api/check-email';
import { useRequestCode } from '../api/request-code';
import { useRegister } from '../api/register';
import { CodeField } from './auth-fields';

/**
 * Registration by e-mail code (spec 01 §4, spec 02 §4 "Registration within buy-now"): e-mail → the
 * 4-digit code → details. One state machine for the register dialog and for the buy-now stepper,
 * which embeds the code and details forms inline.
 */
export type RegisterStep = 'email' | 'code' | 'details';

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

export type RegisterFlowOptions = {
  initialEmail?: string;
  facebook?: FacebookRegistration | null;
  /** an e-mail that already has an account; without this the e-mail field says it is registered */
  onEmailRegistered?: (email: string) => void;
  /** the account exists now (it is not signed in: registration answers no token) */
  onRegistered: (account: { email: string; password: string }) => void | Promise<void>;
};

export function useRegisterFlow({
  initialEmail = '',
  facebook = null,
  onEmailRegistered,
  onRegistered,
}: RegisterFlowOptions) {
  const { t } = useTranslation();
  const text = useMessageText();
  const language = useLanguageStore((s) => s.language);
  const checkEmail = useCheckEmail();
  const requestCode = useRequestCode();
  const register = useRegister();
  const formRef = useRef<HTMLFormElement>(null);

  const [step, setStep] = useState<RegisterStep>('email');
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [details, setDetails] = useState<Details>(() => ({ ...EMPTY_DETAILS, ...namesFrom(facebook) }));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<Message | null>(null);
  const [notice, setNotice] = useState<Message | null>(null);

  /** onRegistered at work (the buy-now stepper signs the new account in) */
  const [finishing, setFinishing] = useState(false);
  const pending = checkEmail.isPending || requestCode.isPending || register.isPending || finishing;

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
      if (onEmailRegistered) {
        onEmailRegistered(email.trim());
        return;
      }
      setStep('email');
      showErrors({ email: { error } });
      return;
    }
    if (error.code === 'auth.code_mismatch' || error.code === 'auth.code_expired') {
      // spec 01 §4, spec 02 §4: a wrong code shows the mismatch error and returns to the e-mail form
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

  async function submitEmail(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const invalid = validateEmail(email);
    if (showErrors(invalid ? { email: { key: invalid } } : {})) return;
    const address = email.trim();
    try {
      const check = await checkEmail.mutateAsync(address);
      if (check.registered) {
        if (onEmailRegistered) onEmailRegistered(address);
        else showErrors({ email: { key: 'register.emailRegistered' } });
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

  async function resend() {
    setFormError(null);
    try {
      await sendCode(email);
      setNotice({ key: 'register.resent' });
    } catch (error) {
      applyServerError(error);
    }
  }

  function submitCode(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const invalid = validateCode(code);
    if (showErrors(invalid ? { code: { key: invalid } } : {})) return;
    setCode(code.trim());
    setNotice(null);
    setStep('details');
  }

  async function submitDetails(event: FormEvent) {
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
    } catch (error) {
      applyServerError(error);
      return;
    }
    setNotice(null);
    setFinishing(true);
    try {
      await onRegistered({ email, password: details.password });
    } finally {
      setFinishing(false);
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

  return {
    step,
    setStep,
    email,
    setEmail: (value: string) => {
      setEmail(value);
      clearError('email');
    },
    emailError: text(errors.email),
    code,
    setCode: (value: string) => {
      setCode(value);
      clearError('code');
    },
    codeError: text(errors.code),
    detail,
    formError,
    notice,
    pending,
    formRef,
    submitEmail,
    submitCode,
    submitDetails,
    resend,
  };
}

export type RegisterFlow = ReturnType<typeof useRegisterFlow>;

/** Step "code": the 4-digit code e-mailed to the address (test ids `register-code`, `register-submit`). */
export function RegisterCodeForm({ flow }: { flow: RegisterFlow }) {
  const { t } = useTranslation();
  return (
    <form ref={flow.formRef} className="form" noValidate onSubmit={flow.submitCode}>
      <CodeField
        autoFocus
        value={flow.code}
        onValueChange={flow.setCode}
        error={flow.codeError}
        data-testid="register-code"
      />
      <Button type="submit" size="lg" className="form__submit" data-testid="register-submit">
        {t('register.next')}
      </Button>
      <div className="form__row">
        <button type="button" className="link-btn" onClick={() => flow.setStep('email')}>
          {t('register.back')}
        </button>
        <button type="button" className="link-btn" disabled={flow.pending} onClick={() => void flow.resend()}>
          {t('register.resend')}
        </button>
      </div>
    </form>
  );
}

/** Step "details": name, phone, password (test ids `register-<field>`, `register-submit`). */
export function RegisterDetailsForm({ flow }: { flow: RegisterFlow }) {
  const { t } = useTranslation();
  const { detail } = flow;
  return (
    <form ref={flow.formRef} className="form" noValidate onSubmit={flow.submitDetails}>
      <div className="form__grid">
        <TextField label={t('form.firstName')} autoComplete="given-name" autoFocus {...detail('firstName')} />
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
        loading={flow.pending}
        data-testid="register-submit"
      >
        {t('register.submit')}
      </Button>
      <div className="form__row">
        <button type="button" className="link-btn" onClick={() => flow.setStep('code')}>
          {t('register.back')}
        </button>
      </div>
    </form>
  );
}
