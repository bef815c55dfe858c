import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';
import { useMessageText } from '@/hooks/use-message-text';
import { useAuthDialogStore } from '../stores/auth-dialog-store';
import { FacebookButton } from './facebook-button';
import { EmailField } from './auth-fields';
import { RegisterCodeForm, RegisterDetailsForm, useRegisterFlow, type RegisterStep } from './register-steps';

type Step = RegisterStep | 'success';

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
  const openLogin = useAuthDialogStore((s) => s.openLogin);
  const prefillEmail = useAuthDialogStore((s) => s.email);
  const facebook = useAuthDialogStore((s) => s.facebook);
  const [registered, setRegistered] = useState(false);
  const flow = useRegisterFlow({
    initialEmail: prefillEmail,
    facebook,
    onRegistered: () => setRegistered(true),
  });
  const { email } = flow;
  const step: Step = registered ? 'success' : flow.step;
  const { formError, notice } = flow;

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
        <form ref={flow.formRef} className="form" noValidate onSubmit={flow.submitEmail}>
          <EmailField
            autoFocus
            value={email}
            onValueChange={flow.setEmail}
            error={flow.emailError}
            data-testid="register-email"
          />
          <Button
            type="submit"
            size="lg"
            className="form__submit"
            loading={flow.pending}
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

      {step === 'code' && <RegisterCodeForm flow={flow} />}

      {step === 'details' && <RegisterDetailsForm flow={flow} />}

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
