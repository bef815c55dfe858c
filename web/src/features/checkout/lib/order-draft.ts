import type { PaymentType } from '@rian/proto-contracts/orders';
import { DEFAULT_PAYMENT_TYPE, PAYMENT_TYPE, PAYMENT_TYPE_IDS } from '@rian/proto-contracts/payment-types';
import type { PriceLookup } from '@/types/api';
import type { CouponCheck } from '../api/check-coupon';
import { EMPTY_RECEIPT, type ReceiptDraft } from './receipt-form';

/** The order dialog's first three steps (spec 02 §2); the fourth is the completion. */
export type OrderStep = 'package' | 'invoice' | 'payment';
export const ORDER_STEPS: readonly OrderStep[] = ['package', 'invoice', 'payment'];

export const PAYMENT_TYPES: readonly PaymentType[] = PAYMENT_TYPE_IDS;
/** Spec 02 §4: coin (6) disables the receipt. */
export const COIN: PaymentType = PAYMENT_TYPE.coin;
export const INSTALLMENTS: PaymentType = PAYMENT_TYPE.installments;

export type OrderDraft = {
  step: OrderStep;
  /** null: not chosen yet, the page's choice or the preselected price applies */
  priceId: string | null;
  coupon: CouponCheck | null;
  receipt: ReceiptDraft;
  paymentType: PaymentType;
  /** type 8: null = the first open plan (the one with the fewest instalments) */
  planId: string | null;
};

export const INITIAL_DRAFT: OrderDraft = {
  step: 'package',
  priceId: null,
  coupon: null,
  receipt: EMPTY_RECEIPT,
  paymentType: DEFAULT_PAYMENT_TYPE,
  planId: null,
};

export type OrderAction =
  | { type: 'goto'; step: OrderStep }
  | { type: 'choosePrice'; priceId: string }
  | { type: 'applyCoupon'; coupon: CouponCheck }
  | { type: 'removeCoupon' }
  | { type: 'receipt'; patch: Partial<ReceiptDraft> }
  | { type: 'pay'; paymentType: PaymentType }
  | { type: 'plan'; planId: string };

export function orderReducer(state: OrderDraft, action: OrderAction): OrderDraft {
  switch (action.type) {
    case 'goto': {
      // spec 02 §2: going back from payment (to step 2, or 1) resets the payment type to 4
      const leavesPayment = state.step === 'payment' && action.step !== 'payment';
      return leavesPayment
        ? { ...state, step: action.step, paymentType: DEFAULT_PAYMENT_TYPE, planId: null }
        : { ...state, step: action.step };
    }
    case 'choosePrice':
      return { ...state, priceId: action.priceId };
    case 'applyCoupon':
      return { ...state, coupon: action.coupon };
    case 'removeCoupon':
      return { ...state, coupon: null };
    case 'receipt':
      return { ...state, receipt: { ...state.receipt, ...action.patch } };
    case 'pay':
      return { ...state, paymentType: action.paymentType, planId: null };
    case 'plan':
      return { ...state, planId: action.planId };
  }
}

/**
 * The price the order is for: the member's own choice in the dialog, else the one chosen on the
 * page, else catalog's `preselectedPriceId` (spec 02 §4 CG5…NL order, decided by catalog only),
 * else the first.
 */
export function effectivePrice(
  lookup: PriceLookup,
  chosenInDialog: string | null,
  chosenOnPage?: string | null,
) {
  const byId = (id: string | null | undefined) => (id ? lookup.items.find((p) => p.id === id) : undefined);
  return (
    byId(chosenInDialog) ?? byId(chosenOnPage) ?? byId(lookup.preselectedPriceId) ?? lookup.items[0] ?? null
  );
}
