import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { Installment } from '@/components/orders/order-labels';
import { payButton } from '../lib/installment-pay';

/**
 * The pay button of one instalment row (spec 02 §4 rule in `payButton`). Paying an instalment by
 * slip arrives with payments (issue 6): until then even the instalment due now is shown, disabled,
 * with a note — never a payment that does not happen.
 */
export function PayButton({ schedule, index }: { schedule: readonly Installment[]; index: number }) {
  const { t } = useTranslation();
  const noteId = useId();
  const state = payButton(schedule, index);
  const period = schedule[index]?.period;
  if (state === 'hidden') return null;
  return (
    <span className="my-order__pay">
      <Button
        variant={state === 'ready' ? 'primary' : 'secondary'}
        size="sm"
        disabled
        aria-describedby={state === 'ready' ? noteId : undefined}
        data-testid={`installment-pay-${period}`}
        data-state={state}
      >
        {state === 'ready' ? t('myOrders.pay') : t('myOrders.payLater')}
      </Button>
      {state === 'ready' && (
        <span id={noteId} className="my-order__pay-note">
          {t('myOrders.paySoon')}
        </span>
      )}
    </span>
  );
}
