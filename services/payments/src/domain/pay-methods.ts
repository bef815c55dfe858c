import type { PayMethod } from '@rian/proto-contracts/payments';

/**
 * Which payment pages may pay an attempt, by the order's payment type (D22): a card order (1, its net
 * carries the 3% card fee) pays by the card form or UnionPay; a bank-transfer order (4) or an
 * instalment (8) may pay its amount due by PromptPay QR — a transfer by other means, confirmed by the
 * provider or by the slip staff review. Coin (6) has no payment page.
 */
export function payMethodsFor(paymentType: number): PayMethod[] {
  if (paymentType === 1) return ['card', 'unionpay'];
  if (paymentType === 4 || paymentType === 8) return ['qr'];
  return [];
}
