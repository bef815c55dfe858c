import type { OrderView } from '@rian/proto-contracts/orders';

export type Installment = OrderView['installments'][number];
export type OrderStatus = OrderView['status'];
export type PaymentType = OrderView['paymentType'];

/** What an instalment's transfer status means to the buyer (spec 02 §4 "Instalment transfer status"). */
export type InstallmentState = 'toPay' | 'waiting' | 'paid' | 'cancelled';

const STATES: Record<string, InstallmentState> = {
  // spec: create and approve are both shown as waiting to pay
  create: 'toPay',
  approve: 'toPay',
  wait: 'waiting',
  finish: 'paid',
  // orders' own word for a confirmed instalment
  paid: 'paid',
  not: 'cancelled',
  cancel: 'cancelled',
};

/** An unknown status reads as still to pay: never claims money was received. */
export function installmentState(status: string): InstallmentState {
  return STATES[status] ?? 'toPay';
}

export const ORDER_STATUSES: readonly OrderStatus[] = ['wait', 'paid', 'not'];
