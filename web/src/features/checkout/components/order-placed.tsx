import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrderView } from '@rian/proto-contracts/orders';
import { PAYMENT_TYPE, paysBySlip } from '@rian/proto-contracts/payment-types';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { OrderAmounts } from '@/components/orders/order-amounts';
import { InstallmentSchedule } from '@/components/orders/installment-schedule';
import { PayLinks } from '@/components/orders/pay-links';
import { formatTHB } from '@/lib/format';

/**
 * The order as orders answered it (spec 02 §9: money exactly as the backend computed): the
 * reference, the amounts, the instalment schedule; then how to pay. Bank transfer (and the first
 * instalment) shows the product's accounts (or that staff have set none) and the next step: the
 * slip is attached from /orders.
 */
export function OrderPlaced({
  order,
  bankAccounts,
  onNext,
  onLeave,
}: {
  order: OrderView;
  bankAccounts: ReactNode;
  onNext: () => void;
  /** the dialog closes when the buyer follows a link out of it */
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const transfer = paysBySlip(order.paymentType);
  const first = order.installments.find((i) => i.period === 1) ?? order.installments[0];
  return (
    <div className="checkout-step" data-testid="checkout-placed">
      <Alert tone="success">
        <span className="checkout-placed__title">{t('checkout.placed.title')}</span>{' '}
        {t('checkout.placed.reference')}{' '}
        <strong className="checkout-placed__reference" data-testid="checkout-reference">
          {order.reference}
        </strong>
      </Alert>

      <section aria-labelledby={`${id}-amounts`}>
        <h3 className="checkout-summary__title" id={`${id}-amounts`}>
          {t('checkout.placed.amounts')}
        </h3>
        <OrderAmounts order={order} testId="checkout" />
      </section>

      {order.installments.length > 0 && (
        <section aria-labelledby={`${id}-installments`}>
          <h3 className="checkout-summary__title" id={`${id}-installments`}>
            {t('checkout.placed.installments')}
          </h3>
          <InstallmentSchedule installments={order.installments} titleId={`${id}-installments`} />
        </section>
      )}

      {transfer && (
        <>
          <p className="checkout-placed__how" data-testid="checkout-how-to-pay">
            {order.paymentType === PAYMENT_TYPE.installments && first
              ? t('checkout.placed.transferFirst', {
                  amount: formatTHB(first.amount),
                  reference: order.reference,
                })
              : t('checkout.placed.transfer', { amount: formatTHB(order.net), reference: order.reference })}
          </p>
          <div className="checkout-placed__banks">{bankAccounts}</div>
          <Alert tone="info">
            <span data-testid="checkout-slip-next">{t('checkout.placed.slipNext')}</span>{' '}
            <Link to="/orders" onClick={onLeave} data-testid="checkout-attach-slip-link">
              {t('checkout.placed.slipLink')}
            </Link>
          </Alert>
        </>
      )}
      {order.paymentType === PAYMENT_TYPE.card && (
        <>
          <Alert tone="info">{t('checkout.placed.cardNext')}</Alert>
          <PayLinks orderId={order.id} paymentType={order.paymentType} />
        </>
      )}
      {order.paymentType === PAYMENT_TYPE.coin && <Alert tone="info">{t('checkout.placed.coinNext')}</Alert>}

      <div className="checkout-actions">
        <Button size="lg" onClick={onNext} data-testid="checkout-next">
          {t('checkout.next')}
        </Button>
      </div>
    </div>
  );
}

/** Bank transfer chosen but staff have set no account for this product yet: say so, and what to do. */
export function NoBankAccount() {
  const { t } = useTranslation();
  return (
    <div className="checkout-placed__no-account" data-testid="checkout-no-bank-account">
      <Alert tone="info">{t('checkout.placed.noAccount')}</Alert>
    </div>
  );
}
