import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { formatTHB } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { usePayView, useQrPayment } from '../api/pay';
import { PayPage } from '../components/pay-page';

/** /qrPlayment/:ref — a PromptPay QR for the amount due; paid when the provider or staff confirm it. */
export function QrPaymentRoute() {
  const { t } = useTranslation();
  return <PayPage title={t('pay.qr.title')}>{(_view, ref) => <QrPay payRef={ref} />}</PayPage>;
}

function QrPay({ payRef }: { payRef: string }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const qr = useQrPayment(payRef, true);
  // keep asking: the provider's notification (or staff) marks it paid while the QR is on screen
  usePayView(payRef, { poll: true });
  if (qr.isPending) return <Spinner label={t('pay.qr.making')} />;
  if (qr.isError) return <Alert>{problemText(qr.error, language)}</Alert>;
  return (
    <div className="pay-action pay-qr">
      <img
        className="pay-qr__image"
        src={qr.data.image}
        alt={t('pay.qr.alt', { amount: formatTHB(qr.data.amount) })}
        width={256}
        height={256}
        data-testid="pay-qr-image"
      />
      <p className="pay-qr__amount">{t('pay.qr.scan', { amount: formatTHB(qr.data.amount) })}</p>
      {qr.data.providerOrderId ? (
        <p className="pay-card__hint">{t('pay.qr.automatic')}</p>
      ) : (
        <Alert tone="info">{t('pay.qr.slipOnly')}</Alert>
      )}
      <p className="pay-card__hint">
        {t('pay.qr.orSlip')} <Link to="/orders">{t('pay.toOrders')}</Link>
      </p>
    </div>
  );
}
