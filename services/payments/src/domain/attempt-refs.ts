import { openPaymentRef, sealPaymentRef, type PaymentRefData } from './payment-ref.js';

/** What an attempt's ref is made of. */
export interface RefAttempt {
  orderId: string;
  installment: boolean;
  period: number;
  amount: number;
}

/**
 * Seals and opens the payment pages' `{ref}` of attempts with this service's key: the buyer's view
 * (payments) hands refs out, the payment pages (gateways) open them — one place, imported by both.
 */
export class AttemptRefs {
  constructor(private readonly key: Buffer) {}

  /** The ref of an attempt: its order, its instalment (type 8) and the amount it pays. */
  of(a: RefAttempt): string {
    return sealPaymentRef(
      { orderId: a.orderId, period: a.installment ? a.period : null, amount: a.amount },
      this.key,
    );
  }

  /** What a ref names, or null for anything tampered, cut or sealed with another key. */
  open(ref: string): PaymentRefData | null {
    return openPaymentRef(ref, this.key);
  }
}
