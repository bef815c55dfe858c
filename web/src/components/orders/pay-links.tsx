import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PaymentType } from '@rian/proto-contracts/orders';
import { payMethodsFor } from '@rian/proto-contracts/payment-types';
import type { OrderPaymentsView, PayMethod } from '@rian/proto-contracts/payments';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { api } from '@/lib/api-client';
import './i18n';

/** The payment pages of each way to pay (spec 02 §2), and which a payment type may use (D22). */
const PAGES: Record<PayMethod, string> = {
  card: '/creditCard',
  unionpay: '/creditCardSmatrPay',
  qr: '/qrPlayment',
};
export const payMethodsOf = (paymentType: PaymentType): PayMethod[] => payMethodsFor(paymentType);

/**
 * Links to the payment pages of an order still waiting, with the encrypted ref the buyer's payments
 * view carries for the attempt due now. Just after checkout payments may not know the order yet: it
 * asks again until the ref is there.
 */
export function PayLinks({ orderId, paymentType }: { orderId: string; paymentType: PaymentType }) {
  const { t } = useTranslation();
  const methods = payMethodsOf(paymentType);
  const view = useQuery({
    queryKey: ['payments', orderId, 'pay-links'],
    queryFn: ({ signal }) =>
      api<OrderPaymentsView>(`/payments/payments/${encodeURIComponent(orderId)}`, { signal }),
    enabled: methods.length > 0,
    retry: 5,
    retryDelay: 1_000,
    refetchInterval: (q) => (q.state.data?.attempts.some((a) => a.ref) ? false : 1_500),
  });
  if (!methods.length) return null;
  const ref = view.data?.attempts.find((a) => a.ref)?.ref;
  if (!ref) {
    // paid or cancelled meanwhile: nothing to link to
    if (view.data && !view.data.attempts.some((a) => a.status === 'create')) return null;
    return <Spinner label={t('orderView.payLinks.preparing')} />;
  }
  return (
    <nav className="pay-links" aria-label={t('orderView.payLinks.title')} data-testid="pay-links">
      {methods.map((m, i) => (
        <Button key={m} asChild size="sm" variant={i === 0 ? 'primary' : 'secondary'}>
          <Link to={`${PAGES[m]}/${ref}`} data-testid={`pay-link-${m}`}>
            {t(`orderView.payLinks.${m}`)}
          </Link>
        </Button>
      ))}
    </nav>
  );
}
