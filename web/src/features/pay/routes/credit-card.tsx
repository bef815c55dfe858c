import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useCardForm } from '../api/pay';
import { PayPage } from '../components/pay-page';
import { postHiddenForm } from '../lib/post-form';

/** /creditCard/:ref — pay by card on the provider's hosted page (2C2P, spec 02 §9 "Card form"). */
export function CreditCardRoute() {
  const { t } = useTranslation();
  return <PayPage title={t('pay.card.title')}>{(_view, ref) => <CardPay payRef={ref} />}</PayPage>;
}

function CardPay({ payRef }: { payRef: string }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const form = useCardForm(payRef);
  const [blocked, setBlocked] = useState(false);
  const { reset } = form;
  // A Content-Security-Policy without the provider in form-action stops the post silently: say so,
  // instead of a button that spins for ever.
  useEffect(() => {
    const onViolation = (e: SecurityPolicyViolationEvent) => {
      if (e.effectiveDirective !== 'form-action') return;
      setBlocked(true);
      reset();
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    return () => document.removeEventListener('securitypolicyviolation', onViolation);
  }, [reset]);
  return (
    <div className="pay-action">
      <p>{t('pay.card.lead')}</p>
      {form.isError && <Alert>{problemText(form.error, language)}</Alert>}
      {blocked && <Alert>{t('pay.card.blocked')}</Alert>}
      <Button
        size="lg"
        loading={!blocked && (form.isPending || form.isSuccess)}
        onClick={() => form.mutate(language, { onSuccess: (f) => postHiddenForm(f) })}
        data-testid="pay-card"
      >
        {t('pay.card.pay')}
      </Button>
      <p className="pay-card__hint">{t('pay.card.afterwards')}</p>
    </div>
  );
}
