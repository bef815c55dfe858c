import { PAYMENT_TYPE, isPaymentType, type PaymentTypeId } from '@rian/proto-contracts/payment-types';
import { addMonthsClamped, bangkokDay } from './bangkok-time.js';

/**
 * The money rules of spec 02 §9, in integer satang (1 THB = 100). Every division is done exactly
 * (BigInt) and rounded once, at the end, as the rule says — never through binary fractions.
 *
 * Order of operations (the spec leaves it open; README "The money rules" gives the reasons):
 *   amount      = price − discount                    (prices include VAT, as Thai shop prices do)
 *   vat         = amount − round(amount × 100 / 107)  (the VAT inside amount, for the tax invoice)
 *   fee         = round(amount × 3 / 100)             card (type 1) only; 0 when the price's fee flag is Y
 *   withholding = round(amount × 3 / 107)             company receipts only (= 100 × amount / 107 × 0.03)
 *   net         = amount + fee − withholding
 * Fee and withholding are both taken from `amount`, so neither depends on the other.
 */

/** Payment types by id (spec 02 §4): one home for payments, orders and the web. */
export {
  DEFAULT_PAYMENT_TYPE,
  PAYMENT_TYPE,
  PAYMENT_TYPE_IDS,
  isPaymentType,
  type PaymentTypeId,
} from '@rian/proto-contracts/payment-types';

export const VAT_PERCENT = 7;
export const CARD_FEE_PERCENT = 3;
export const WITHHOLDING_PERCENT = 3;
export const DEFAULT_INSTALLMENT_COUNT = 2;
export const REFERENCE_PREFIX = 'SPSK';
export const SATANG_PER_BAHT = 100;

/** Receipt (spec 02 §3 receipt Y/N, receipt_type person/company): none = receipt N. */
export type ReceiptType = 'none' | 'person' | 'company';

function assertSatang(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole, non-negative number of satang (got ${value})`);
  }
}

/**
 * n × num / den for non-negative integers, exactly, then rounded: `half-up` (x.5 → up) or `up`
 * (any remainder → up).
 */
export function mulDiv(n: number, num: number, den: number, rounding: 'half-up' | 'up' = 'half-up'): number {
  assertSatang('amount', n);
  const a = BigInt(n) * BigInt(num);
  const d = BigInt(den);
  const q = rounding === 'up' ? (a + d - 1n) / d : (2n * a + d) / (2n * d);
  return Number(q);
}

/** Spec 02 §9: price with VAT = 107% of the price, rounded (half up) to the satang. */
export function priceWithVat(priceWithoutVat: number): number {
  return mulDiv(priceWithoutVat, 100 + VAT_PERCENT, 100);
}

/** Spec 02 §9: price without VAT = price × 100 / 107, to 2 decimals of a baht (the satang), half up. */
export function priceWithoutVat(priceWithVatIncluded: number): number {
  return mulDiv(priceWithVatIncluded, 100, 100 + VAT_PERCENT);
}

/** The VAT inside a VAT-inclusive amount: what is left after taking the price without VAT out. */
export function vatIncluded(amount: number): number {
  return amount - priceWithoutVat(amount);
}

/**
 * Spec 02 §9: card fee 3% of (price − discount); none when the price's fee flag is Y, and only
 * card payments carry it (never bank transfer 4, instalments 8, nor coin 6, which is not a card).
 */
export function cardFee(amount: number, paymentType: PaymentTypeId, feeWaived: boolean): number {
  if (paymentType !== PAYMENT_TYPE.card || feeWaived) return 0;
  return mulDiv(amount, CARD_FEE_PERCENT, 100);
}

/** Spec 02 §9: withholding = 100 × amount / 107 × 0.03 = amount × 3 / 107, rounded half up once. */
export function withholdingTax(amount: number): number {
  return mulDiv(amount, WITHHOLDING_PERCENT, 100 + VAT_PERCENT);
}

/** Spec 02 §9: reference code = SPSK + the order number padded to 10 digits. */
export function referenceCode(orderNo: number): string {
  if (!Number.isSafeInteger(orderNo) || orderNo < 1 || orderNo > 9_999_999_999) {
    throw new RangeError(`order number must be a whole number from 1 to 9999999999 (got ${orderNo})`);
  }
  return `${REFERENCE_PREFIX}${String(orderNo).padStart(10, '0')}`;
}

/**
 * Spec 02 §9: each instalment = net / count rounded up — to the whole baht, as every price the
 * product shows is whole baht (D: instalments in whole baht); the last takes the remainder (its
 * satang too), so they add up to net exactly. A net too small to leave the last one something is
 * refused. 10,000.00 in 3 → 3,334 / 3,334 / 3,332.
 */
export function installmentAmounts(net: number, count: number = DEFAULT_INSTALLMENT_COUNT): number[] {
  assertSatang('net', net);
  if (!Number.isSafeInteger(count) || count < 1)
    throw new RangeError(`count must be 1 or more (got ${count})`);
  if (count === 1) return [net];
  const each = mulDiv(net, 1, count * SATANG_PER_BAHT, 'up') * SATANG_PER_BAHT;
  const last = net - each * (count - 1);
  if (last <= 0) throw new RangeError(`${net} satang cannot be split into ${count} instalments`);
  return [...Array.from({ length: count - 1 }, () => each), last];
}

/**
 * Monthly due dates: the first on the order's Asia/Bangkok day (paid with the order — spec 02 §4
 * shows no pay button on the first row), then the same day of each following month, clamped to
 * the month's last day.
 */
export function installmentDates(firstDay: string, count: number = DEFAULT_INSTALLMENT_COUNT): string[] {
  if (!Number.isSafeInteger(count) || count < 1)
    throw new RangeError(`count must be 1 or more (got ${count})`);
  return Array.from({ length: count }, (_, i) => addMonthsClamped(firstDay, i));
}

export interface Installment {
  /** 1-based (spec order_transfer_period) */
  period: number;
  /** yyyy-mm-dd, Asia/Bangkok */
  dueDate: string;
  amount: number;
}

/** The whole schedule of an instalment order placed at `orderedAt`. */
export function installmentSchedule(
  net: number,
  orderedAt: Date,
  count: number = DEFAULT_INSTALLMENT_COUNT,
): Installment[] {
  const amounts = installmentAmounts(net, count);
  const dates = installmentDates(bangkokDay(orderedAt), count);
  return amounts.map((amount, i) => ({ period: i + 1, dueDate: dates[i]!, amount }));
}

export interface AmountsInput {
  /** the chosen price (product_price_value), VAT included */
  price: number;
  /** the coupon's discount, 0..price */
  discount: number;
  paymentType: PaymentTypeId;
  /** the price's fee flag is Y (product_price_fee) */
  feeWaived: boolean;
  receiptType: ReceiptType;
  /** the plan's count; used with payment type 8 only (default 2) */
  installmentCount?: number;
}

/** What an order stores (orders_total, _discount, _vat, _fee, withholding, _net) and the instalments due. */
export interface Amounts {
  total: number;
  discount: number;
  vat: number;
  fee: number;
  withholding: number;
  net: number;
  /** payment type 8: the amount of each instalment (sum = net); otherwise empty */
  installments: number[];
}

/** Every amount of an order, from the price and the coupon's discount (rules at the top of this file). */
export function computeAmounts(input: AmountsInput): Amounts {
  const { price, discount, paymentType, feeWaived, receiptType } = input;
  assertSatang('price', price);
  assertSatang('discount', discount);
  if (discount > price) throw new RangeError(`discount ${discount} exceeds price ${price}`);
  if (!isPaymentType(paymentType)) throw new RangeError(`unknown payment type ${String(paymentType)}`);
  const amount = price - discount;
  const vat = vatIncluded(amount);
  const fee = cardFee(amount, paymentType, feeWaived);
  const withholding = receiptType === 'company' ? withholdingTax(amount) : 0;
  const net = amount + fee - withholding;
  const installments =
    paymentType === PAYMENT_TYPE.installments
      ? installmentAmounts(net, input.installmentCount ?? DEFAULT_INSTALLMENT_COUNT)
      : [];
  return { total: price, discount, vat, fee, withholding, net, installments };
}
