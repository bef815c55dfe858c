import type { EntityManager } from '@rian/kit/db';
import type { Principal } from '@rian/kit/tokens';
import { fieldError, ProblemError, validationProblem } from '@rian/kit/errors';
import type { CheckoutBody } from '@rian/proto-contracts/orders';
import { priceCodesOf } from '@rian/proto-contracts/enums';
import { PaymentTypeState } from '../../entities/payment-type-state.js';
import {
  computeAmounts,
  installmentDates,
  PAYMENT_TYPE,
  type Amounts,
  type ReceiptType,
} from '../../domain/money.js';
import { bangkokDay } from '../../domain/bangkok-time.js';
import type { Installment } from '../../domain/money.js';
import { redeemCoupon, type Redemption } from './coupon-redemption.js';
import type { CatalogReadModel, OpenPlanView } from './read-model.js';

/** Company receipts need these (spec 02 §5 "Company: name, address, province, district, sub-district, zip and phone"). */
const COMPANY_FIELDS = ['name', 'address', 'province', 'district', 'subDistrict', 'zip', 'phone'] as const;

/** What the catalog read model and the buyer's choices allow for this body now. */
export interface CheckoutOffer {
  principal: Principal;
  body: CheckoutBody;
  now: Date;
  /** the Asia/Bangkok day of `now` */
  day: string;
  price: { priceId: string; value: number; fee: 'Y' | 'N' };
  /** the product's title as the read model knows it (the placed order's view names it) */
  productTitle: string;
  plan: OpenPlanView | undefined;
}

/** Everything an order of this body would be, decided now; nothing written. */
export interface CheckoutTerms extends CheckoutOffer {
  redemption: Redemption | undefined;
  receiptType: ReceiptType;
  amounts: Amounts;
  schedule: Installment[];
}

/**
 * The terms of a checkout body — product, price, payment type, plan, invoice (`checkoutOffer`), then
 * coupon and every amount (`checkoutTerms`) — by the same checks and the same pure rules
 * (domain/money.ts) for the quote and for checkout, so what the buyer is quoted is what the order
 * stores. The offer is read before checkout's transaction (the read model takes its own
 * connection; inside the transaction a burst of checkouts would hold every pooled connection
 * while each waits for another); the coupon is redeemed inside it, its row locked.
 */
export async function checkoutOffer(
  em: EntityManager,
  catalog: CatalogReadModel,
  a: { principal: Principal; body: CheckoutBody; now: Date },
): Promise<CheckoutOffer> {
  const { principal, body, now } = a;
  const day = bangkokDay(now);
  const product = await catalog.sellableProduct(body.productId);
  if (!product) throw new ProblemError('orders.product_not_found');
  // the price (the read model's own connection) and payments' flag for the type, at once
  const [price, typeState] = await Promise.all([
    catalog.priceOfSellable(body.productId, body.priceId, priceCodesOf(principal.membershipCodes ?? []), day),
    // payments owns the types; our copy of its disable flags (payments.payment-type.changed)
    em.findOne(PaymentTypeState, { paymentTypeId: body.paymentType }),
  ]);
  if (!price) throw new ProblemError('orders.price_not_available');
  if (typeState?.disable === 'Y') throw new ProblemError('orders.payment_type_disabled');

  if (body.paymentType === PAYMENT_TYPE.coin) {
    if (product.coinPay !== 'Y') throw new ProblemError('orders.coin_pay_unavailable');
    // spec 02 §4: coin disables the receipt
    if (body.receipt) throw new ProblemError('orders.coin_no_receipt');
  }
  let plan: OpenPlanView | undefined;
  if (body.paymentType === PAYMENT_TYPE.installments) {
    const email = principal.email ?? null;
    plan = body.planId
      ? await catalog.planFor(body.productId, body.planId, email, day)
      : (await catalog.plansOpenTo(body.productId, email, day))[0];
    if (!plan) throw new ProblemError('orders.installments_unavailable');
  }
  if (body.receipt?.type === 'company') {
    const receipt = body.receipt;
    const missing = COMPANY_FIELDS.filter((f) => !receipt[f]);
    if (missing.length) {
      throw validationProblem(missing.map((f) => fieldError(`receipt.${f}`, 'validation.required')));
    }
  }

  return { principal, body, now, day, price, productTitle: product.title, plan };
}

/** The offer's coupon and amounts; `lockCoupon` inside checkout's transaction, never for a quote. */
export async function checkoutTerms(
  em: EntityManager,
  offer: CheckoutOffer,
  lockCoupon = false,
): Promise<CheckoutTerms> {
  const { principal, body, now, day, plan } = offer;
  const redemption =
    body.couponCode === undefined
      ? undefined
      : await redeemCoupon(em, {
          code: body.couponCode,
          productId: body.productId,
          price: offer.price.value,
          principal,
          now,
          lock: lockCoupon,
        });

  const receiptType: ReceiptType = body.receipt?.type ?? 'none';
  let amounts: Amounts;
  try {
    amounts = computeAmounts({
      price: offer.price.value,
      discount: redemption?.discount ?? 0,
      paymentType: body.paymentType,
      feeWaived: offer.price.fee === 'Y',
      receiptType,
      ...(plan ? { installmentCount: plan.count } : {}),
    });
  } catch (err) {
    if (err instanceof RangeError && plan) throw new ProblemError('orders.installments_too_small');
    throw err;
  }
  const dates = installmentDates(day, amounts.installments.length || 1);
  const schedule = amounts.installments.map((amount, i) => ({ period: i + 1, dueDate: dates[i]!, amount }));
  return { ...offer, redemption, receiptType, amounts, schedule };
}
