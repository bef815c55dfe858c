import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutBody } from '@rian/proto-contracts/orders';
import { OrderAmounts } from '@/components/orders/order-amounts';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { formatDay, formatTHB } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useCheckoutQuote } from '../api/get-checkout-quote';

/**
 * The amounts orders would store for the body as chosen now (its quote), before the buyer confirms:
 * total, discount, VAT, card fee, withholding and net, and for instalments each period's due date
 * and amount. Asked again whenever the payment type, the plan, the coupon or the invoice changes;
 * never computed here. A refusal (e.g. the coupon used up meanwhile) is shown in the server's words.
 */
export function CheckoutQuote({ body }: { body: CheckoutBody }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const scheduleTitle = useId();
  const quote = useCheckoutQuote(body);

  if (quote.isError) {
    return (
      <Alert>
        <span data-testid="checkout-quote-error">{problemText(quote.error, language)}</span>
      </Alert>
    );
  }
  if (!quote.data) return <Spinner label={t('checkout.quote.loading')} />;
  const { installments } = quote.data;
  return (
    <div
      className={['checkout-quote', quote.isFetching && 'is-updating'].filter(Boolean).join(' ')}
      aria-busy={quote.isFetching}
      data-testid="checkout-quote"
      data-ready={quote.isFetching ? undefined : 'true'}
    >
      <OrderAmounts order={quote.data} testId="checkout-quote-amount" />
      {installments.length > 0 && (
        <>
          <h4 className="checkout-quote__title" id={scheduleTitle}>
            {t('checkout.quote.installments', { count: installments.length })}
          </h4>
          <dl className="order-amounts" aria-labelledby={scheduleTitle}>
            {installments.map((row) => (
              <div
                key={row.period}
                className="order-amounts__row"
                data-testid={`checkout-quote-installment-${row.period}`}
              >
                <dt>
                  {t('checkout.quote.period', { period: row.period, day: formatDay(row.dueDate, language) })}
                </dt>
                <dd>{formatTHB(row.amount)}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </div>
  );
}
