import { createHash } from 'node:crypto';
import { sameHash } from './card-form.js';

/**
 * KBank K-Payment Gateway's notification checksum, as we read its documentation: SHA-256 (hex) of
 * id + amount + currency + status + transaction_state + the merchant's secret key, the amount with
 * four decimals as the gateway writes it (฿150 → "150.0000").
 */
export interface KbankNotice {
  id: string;
  amount: number;
  currency: string;
  status: string;
  transaction_state: string;
}

export const kbankAmount = (satang: number) => (satang / 100).toFixed(4);

export function kbankChecksum(n: KbankNotice, secret: string): string {
  return createHash('sha256')
    .update(`${n.id}${n.amount.toFixed(4)}${n.currency}${n.status}${n.transaction_state}${secret}`, 'utf8')
    .digest('hex');
}

export function kbankNoticeSigned(n: KbankNotice, checksum: unknown, secret: string): boolean {
  return (
    typeof checksum === 'string' &&
    /^[0-9a-fA-F]{64}$/.test(checksum) &&
    sameHash(checksum, kbankChecksum(n, secret))
  );
}
