import { describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { PaymentTypeSchema } from '../src/orders.js';
import {
  DEFAULT_PAYMENT_TYPE,
  PAYMENT_TYPE_IDS,
  isPaymentType,
  payMethodsFor,
  paysBySlip,
} from '../src/payment-types.js';

describe('payment types: the one home of ids and how each is paid', () => {
  it('the ids are 1 card, 4 transfer, 6 coin, 8 instalments — exactly what the contracts accept', () => {
    expect(PAYMENT_TYPE_IDS).toEqual([1, 4, 6, 8]);
    for (const id of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) {
      expect(Value.Check(PaymentTypeSchema, id), `id ${id}`).toBe(isPaymentType(id));
    }
    expect(DEFAULT_PAYMENT_TYPE).toBe(4);
  });

  it('transfer and instalments pay by slip; card and coin do not', () => {
    expect([1, 4, 6, 8].filter(paysBySlip)).toEqual([4, 8]);
  });

  it('ways to pay (D22): card → card form or UnionPay; transfer and instalments → QR; coin → none', () => {
    expect(payMethodsFor(1)).toEqual(['card', 'unionpay']);
    expect(payMethodsFor(4)).toEqual(['qr']);
    expect(payMethodsFor(8)).toEqual(['qr']);
    expect(payMethodsFor(6)).toEqual([]);
  });
});
