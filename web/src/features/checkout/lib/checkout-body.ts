import type { CheckoutBody } from '@rian/proto-contracts/orders';
import type { Price, Product } from '@/types/api';
import { readInvite } from './invite';
import { COIN, INSTALLMENTS, type OrderDraft } from './order-draft';
import { toReceiptRequest } from './receipt-form';

/** The body orders needs (for the quote and for checkout alike); amounts are never sent, orders computes them. */
export function checkoutBody(product: Product, price: Price, draft: OrderDraft): CheckoutBody {
  const invite = readInvite();
  // spec 02 §4: coin disables the receipt
  const receipt = draft.receipt.want && draft.paymentType !== COIN ? toReceiptRequest(draft.receipt) : null;
  return {
    productId: product.id,
    priceId: price.id,
    ...(draft.coupon ? { couponCode: draft.coupon.code } : {}),
    paymentType: draft.paymentType,
    ...(draft.paymentType === INSTALLMENTS && draft.planId ? { planId: draft.planId } : {}),
    ...(receipt ? { receipt } : {}),
    ...(invite ? { invite } : {}),
  };
}
