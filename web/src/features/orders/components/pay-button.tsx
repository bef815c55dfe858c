import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { Installment } from '@/components/orders/order-labels';
import { payButton } from '../lib/installment-pay';

/**
 * The pay button of one instalment row (spec 02 §4 rule in `payButton`): the instalment due now
 * opens the slip dialog; a later one waits for the previous. `waiting`: a slip for this instalment
 * already waits for staff (payments knows before orders does).
 */
export function PayButton({
  schedule,
  index,
  waiting = false,
  onPay,
}: {
  schedule: readonly Installment[];
  index: number;
  waiting?: boolean;
  onPay: (period: number) => void;
}) {
  const { t } = useTranslation();
  const state = payButton(schedule, index);
  const period = schedule[index]?.period;
  if (state === 'hidden' || period === undefined) return null;
  const ready = state === 'ready' && !waiting;
  return (
    <span className="my-order__pay">
      <Button
        variant={ready ? 'primary' : 'secondary'}
        size="sm"
        disabled={!ready}
        onClick={() => onPay(period)}
        data-testid={`installment-pay-${period}`}
        data-state={waiting ? 'waiting' : state}
      >
        {waiting ? t('slip.status.wait') : ready ? t('myOrders.pay') : t('myOrders.payLater')}
      </Button>
    </span>
  );
}
