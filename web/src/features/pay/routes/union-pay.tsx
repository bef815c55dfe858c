import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useUnionPay } from '../api/pay';
import { PayPage } from '../components/pay-page';

/** Where the browser goes; a seam for tests. */
export const navigateAway = { to: (url: string) => window.location.assign(url) };

/** /creditCardSmatrPay/:ref — UnionPay: the provider's charge page, at the address payments gets back. */
export function UnionPayRoute() {
  const { t } = useTranslation();
  return <PayPage title={t('pay.unionpay.title')}>{(_view, ref) => <UnionPay payRef={ref} />}</PayPage>;
}

function UnionPay({ payRef }: { payRef: string }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const charge = useUnionPay(payRef);
  return (
    <div className="pay-action">
      <p>{t('pay.unionpay.lead')}</p>
      {charge.isError && <Alert>{problemText(charge.error, language)}</Alert>}
      <Button
        size="lg"
        loading={charge.isPending || charge.isSuccess}
        onClick={() => charge.mutate(undefined, { onSuccess: (r) => navigateAway.to(r.redirectUrl) })}
        data-testid="pay-unionpay"
      >
        {t('pay.unionpay.pay')}
      </Button>
      <p className="pay-card__hint">{t('pay.card.afterwards')}</p>
    </div>
  );
}
