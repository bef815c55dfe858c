/**
 * Payment types by id (spec 02 §3, §4) and how each is paid: the one home of these rules for
 * payments, orders and the web (issue 11). Payments owns the types' texts and off switch; which
 * type pays by slip, by QR or by card is decided here only.
 */

export const PAYMENT_TYPE = { card: 1, transfer: 4, coin: 6, installments: 8 } as const;
export type PaymentTypeId = (typeof PAYMENT_TYPE)[keyof typeof PAYMENT_TYPE];
/** in the order checkout offers them */
export const PAYMENT_TYPE_IDS: readonly PaymentTypeId[] = [
  PAYMENT_TYPE.card,
  PAYMENT_TYPE.transfer,
  PAYMENT_TYPE.coin,
  PAYMENT_TYPE.installments,
];
/** what checkout selects unless the buyer chooses */
export const DEFAULT_PAYMENT_TYPE: PaymentTypeId = PAYMENT_TYPE.transfer;

export function isPaymentType(id: number): id is PaymentTypeId {
  return (PAYMENT_TYPE_IDS as readonly number[]).includes(id);
}

/** The ways to pay behind the payment pages (payments' PayMethod). */
export type PayMethodName = 'card' | 'unionpay' | 'qr';

/** Types paid by a bank transfer whose slip staff check: transfer and instalments. */
export const SLIP_PAYMENT_TYPES: readonly PaymentTypeId[] = [
  PAYMENT_TYPE.transfer,
  PAYMENT_TYPE.installments,
];

export const paysBySlip = (id: number): boolean => (SLIP_PAYMENT_TYPES as readonly number[]).includes(id);

/**
 * The payment pages a type may use (D22): card → the card form or UnionPay; transfer and
 * instalments → the PromptPay QR (besides the slip); coin → none.
 */
export function payMethodsFor(id: number): PayMethodName[] {
  if (id === PAYMENT_TYPE.card) return ['card', 'unionpay'];
  if (paysBySlip(id)) return ['qr'];
  return [];
}
