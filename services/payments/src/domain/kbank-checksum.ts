import { createHash } from 'node:crypto';
import { sameHash } from './card-form.js';

/**
 * KBank K-Payment Gateway's notification checksum: SHA-256 (hex) of id + amount + currency + status +
 * transaction_state + reference_order + order_id (QR payments; empty otherwise) + the merchant's
 * secret key, the amount with four decimals as the gateway writes it (฿150 → "150.0000").
 * The fields that name our session (reference_order) and the provider's order (order_id) are signed
 * too: without them one genuine notice could be re-addressed to another order of the same amount.
 */
export interface KbankNotice {
  id: string;
  amount: number;
  currency: string;
  status: string;
  transaction_state: string;
  /** our gateway session id, as we sent it in the charge or QR order */
  reference_order: string;
  /** the QR order a payment was made on; absent for a UnionPay charge */
  order_id?: string | undefined;
}

export const kbankAmount = (satang: number) => (satang / 100).toFixed(4);

export function kbankChecksum(n: KbankNotice, secret: string): string {
  return createHash('sha256')
    .update(
      `${n.id}${n.amount.toFixed(4)}${n.currency}${n.status}${n.transaction_state}${n.reference_order}${n.order_id ?? ''}${secret}`,
      'utf8',
    )
    .digest('hex');
}

export function kbankNoticeSigned(n: KbankNotice, checksum: unknown, secret: string): boolean {
  return (
    typeof checksum === 'string' &&
    /^[0-9a-fA-F]{64}$/.test(checksum) &&
    sameHash(checksum, kbankChecksum(n, secret))
  );
}

/**
 * The provider reference a notice names: the QR order it paid, or the UnionPay charge itself.
 * A session is settled only by a notice naming the reference stored when it was opened.
 */
export const kbankProviderRef = (n: KbankNotice): string => n.order_id ?? n.id;
