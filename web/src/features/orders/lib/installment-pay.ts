import { installmentState, type Installment } from '@/components/orders/order-labels';

/** hidden: no button; ready: this is the instalment to pay now; locked: an earlier one comes first. */
export type PayButton = 'hidden' | 'ready' | 'locked';

/**
 * Spec 02 §4: a row's pay button shows only if it is not the first (paid with the order), not
 * finished and not waiting for confirmation — nor cancelled — and is enabled only when the
 * previous instalment is finished.
 */
export function payButton(schedule: readonly Installment[], index: number): PayButton {
  const row = schedule[index];
  if (!row || index === 0 || installmentState(row.status) !== 'toPay') return 'hidden';
  const previous = schedule[index - 1];
  return previous && installmentState(previous.status) === 'paid' ? 'ready' : 'locked';
}
