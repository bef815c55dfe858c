import { describe, expect, it } from 'vitest';
import {
  cardFee,
  computeAmounts,
  installmentAmounts,
  installmentDates,
  installmentSchedule,
  PAYMENT_TYPE,
  priceWithoutVat,
  priceWithVat,
  referenceCode,
  vatIncluded,
  withholdingTax,
  type Amounts,
  type AmountsInput,
} from '../../src/domain/money.js';

/**
 * Spec 02 §9, worked by hand. Amounts are satang (1,500.00 THB = 150000); "half up" means a
 * remainder of exactly half a satang goes up. The working is in each case's name.
 */

describe('VAT 7% (spec 02 §9: with VAT = 107% rounded; without VAT = ×100/107 to 2 decimals)', () => {
  it.each([
    ['1,000.00 × 1.07 = 1,070.00', 100_000, 107_000],
    ['999.99 × 1.07 = 1,069.9893 → 1,069.99', 99_999, 106_999],
    ['0.50 × 1.07 = 0.535 → 0.54 (half up)', 50, 54],
    ['1.50 × 1.07 = 1.605 → 1.61 (half up)', 150, 161],
    ['0.00 → 0.00', 0, 0],
  ])('price with VAT: %s', (_working, price, expected) => {
    expect(priceWithVat(price)).toBe(expected);
  });

  it.each([
    ['1,070.00 × 100 / 107 = 1,000.00', 107_000, 100_000],
    ['1,500.00 × 100 / 107 = 1,401.8691… → 1,401.87', 150_000, 140_187],
    ['1.00 × 100 / 107 = 0.9345… → 0.93', 100, 93],
    ['1,234.50 × 100 / 107 = 1,153.7383… → 1,153.74', 123_450, 115_374],
  ])('price without VAT: %s', (_working, price, expected) => {
    expect(priceWithoutVat(price)).toBe(expected);
  });

  it.each([
    ['1,500.00 − 1,401.87 = 98.13', 150_000, 9_813],
    ['1,070.00 − 1,000.00 = 70.00', 107_000, 7_000],
  ])('VAT inside a VAT-inclusive amount: %s', (_working, amount, expected) => {
    expect(vatIncluded(amount)).toBe(expected);
  });
});

describe('card fee 3% of (price − discount) (spec 02 §9)', () => {
  it.each([
    ['card, 1,500.00: 3% = 45.00', 150_000, PAYMENT_TYPE.card, false, 4_500],
    ['card, 1,234.50: 3% = 37.035 → 37.04 (half up)', 123_450, PAYMENT_TYPE.card, false, 3_704],
    ['card, 0.50: 3% = 0.015 → 0.02 (half up)', 50, PAYMENT_TYPE.card, false, 2],
    ['card, fee flag Y: waived → 0.00', 150_000, PAYMENT_TYPE.card, true, 0],
    ['bank transfer (4): never → 0.00', 150_000, PAYMENT_TYPE.transfer, false, 0],
    ['instalments (8): never → 0.00', 150_000, PAYMENT_TYPE.installments, false, 0],
    ['coin (6): not a card → 0.00', 150_000, PAYMENT_TYPE.coin, false, 0],
  ] as const)('%s', (_working, amount, type, waived, expected) => {
    expect(cardFee(amount, type, waived)).toBe(expected);
  });
});

describe('withholding tax on company receipts: 100 × amount / 107 × 0.03 (spec 02 §9)', () => {
  it.each([
    ['1,070.00: 100 × 1,070 / 107 × 0.03 = 30.00', 107_000, 3_000],
    ['1,500.00: 100 × 1,500 / 107 × 0.03 = 42.0560… → 42.06', 150_000, 4_206],
    ['1,000.00: 100 × 1,000 / 107 × 0.03 = 28.0373… → 28.04', 100_000, 2_804],
    ['2,140.00: 100 × 2,140 / 107 × 0.03 = 60.00', 214_000, 6_000],
  ])('%s', (_working, amount, expected) => {
    expect(withholdingTax(amount)).toBe(expected);
  });
});

describe('computeAmounts: total, discount, VAT, fee, withholding, net (order of operations in README)', () => {
  const base: AmountsInput = {
    price: 150_000,
    discount: 0,
    paymentType: PAYMENT_TYPE.transfer,
    feeWaived: false,
    receiptType: 'none',
  };
  const none = { withholding: 0, installments: [] as number[] };

  it.each<[string, Partial<AmountsInput>, Amounts]>([
    [
      '1,500.00 bank transfer: no fee; VAT inside = 1,500.00 − 1,401.87 = 98.13 → net 1,500.00',
      {},
      { total: 150_000, discount: 0, vat: 9_813, fee: 0, net: 150_000, ...none },
    ],
    [
      '1,500.00 card: fee 3% of 1,500.00 = 45.00 → net 1,545.00',
      { paymentType: PAYMENT_TYPE.card },
      { total: 150_000, discount: 0, vat: 9_813, fee: 4_500, net: 154_500, ...none },
    ],
    [
      '1,500.00 card, fee flag Y: fee waived → net 1,500.00',
      { paymentType: PAYMENT_TYPE.card, feeWaived: true },
      { total: 150_000, discount: 0, vat: 9_813, fee: 0, net: 150_000, ...none },
    ],
    [
      '1,500.00 card, coupon 200.00: fee 3% of 1,300.00 = 39.00; VAT 1,300 − 1,214.95 = 85.05 → net 1,339.00',
      { paymentType: PAYMENT_TYPE.card, discount: 20_000 },
      { total: 150_000, discount: 20_000, vat: 8_505, fee: 3_900, net: 133_900, ...none },
    ],
    [
      '1,234.50 card: fee 37.035 → 37.04; VAT 1,234.50 − 1,153.74 = 80.76 → net 1,271.54',
      { price: 123_450, paymentType: PAYMENT_TYPE.card },
      { total: 123_450, discount: 0, vat: 8_076, fee: 3_704, net: 127_154, ...none },
    ],
    [
      '1,070.00 transfer, company receipt: withholding 100 × 1,070 / 107 × 0.03 = 30.00 → net 1,040.00',
      { price: 107_000, receiptType: 'company' },
      { total: 107_000, discount: 0, vat: 7_000, fee: 0, withholding: 3_000, net: 104_000, installments: [] },
    ],
    [
      '1,070.00 transfer, person receipt: no withholding → net 1,070.00',
      { price: 107_000, receiptType: 'person' },
      { total: 107_000, discount: 0, vat: 7_000, fee: 0, net: 107_000, ...none },
    ],
    [
      '1,500.00 card, company: fee 45.00 and withholding 42.06, both of 1,500.00 → 1,500 + 45 − 42.06 = 1,502.94',
      { paymentType: PAYMENT_TYPE.card, receiptType: 'company' },
      {
        total: 150_000,
        discount: 0,
        vat: 9_813,
        fee: 4_500,
        withholding: 4_206,
        net: 150_294,
        installments: [],
      },
    ],
    [
      '1,500.00 coin (6): not a card, no fee → net 1,500.00',
      { paymentType: PAYMENT_TYPE.coin },
      { total: 150_000, discount: 0, vat: 9_813, fee: 0, net: 150_000, ...none },
    ],
    [
      '1,500.00 coupon for all of it: 0 left → no VAT, no fee, net 0.00',
      { paymentType: PAYMENT_TYPE.card, discount: 150_000 },
      { total: 150_000, discount: 150_000, vat: 0, fee: 0, net: 0, ...none },
    ],
    [
      '1,500.00 in instalments, plan count 3: no fee (never for instalments) → 500.00 × 3',
      { paymentType: PAYMENT_TYPE.installments, installmentCount: 3 },
      {
        total: 150_000,
        discount: 0,
        vat: 9_813,
        fee: 0,
        withholding: 0,
        net: 150_000,
        installments: [50_000, 50_000, 50_000],
      },
    ],
    [
      '1,000.01 in instalments, no count given → default 2: ⌈500.005⌉ = 501 baht, last 1,000.01 − 501 = 499.01',
      { price: 100_001, paymentType: PAYMENT_TYPE.installments },
      {
        total: 100_001,
        discount: 0,
        vat: 6_542,
        fee: 0,
        withholding: 0,
        net: 100_001,
        installments: [50_100, 49_901],
      },
    ],
    [
      '2,140.00 instalments ×2, company: withholding 60.00 → net 2,080.00 → 1,040.00 × 2',
      { price: 214_000, paymentType: PAYMENT_TYPE.installments, receiptType: 'company', installmentCount: 2 },
      {
        total: 214_000,
        discount: 0,
        vat: 14_000,
        fee: 0,
        withholding: 6_000,
        net: 208_000,
        installments: [104_000, 104_000],
      },
    ],
  ])('%s', (_working, input, expected) => {
    expect(computeAmounts({ ...base, ...input })).toEqual(expected);
  });

  it('the VAT of 1,000.01 is 1,000.01 − round(1,000.01 × 100 / 107 = 934.5887…) = 1,000.01 − 934.59 = 65.42', () => {
    expect(vatIncluded(100_001)).toBe(6_542);
  });

  it.each<[string, Partial<AmountsInput>]>([
    ['a discount above the price', { discount: 150_001 }],
    ['a negative discount', { discount: -1 }],
    ['a price in fractions of a satang', { price: 1500.5 }],
    ['an unknown payment type', { paymentType: 2 as never }],
  ])('refuses %s', (_what, input) => {
    expect(() => computeAmounts({ ...base, ...input })).toThrow(RangeError);
  });
});

describe('instalments (spec 02 §9: each = net / count rounded up to the whole baht, the last takes the remainder)', () => {
  it.each([
    ['1,500.00 / 2 = 750 each', 150_000, 2, [75_000, 75_000]],
    [
      '10,000.00 / 3 = 3,333.33… → 3,334, 3,334, last 10,000 − 6,668 = 3,332',
      1_000_000,
      3,
      [333_400, 333_400, 333_200],
    ],
    ['9,999.00 / 2 = 4,999.5 → 5,000, last 9,999 − 5,000 = 4,999', 999_900, 2, [500_000, 499_900]],
    ['1,000.00 / 3 = 333.33… → 334, 334, last 1,000 − 668 = 332', 100_000, 3, [33_400, 33_400, 33_200]],
    [
      '1,000.01 / 2 = 500.005 → 501, last 1,000.01 − 501 = 499.01 (the satang stay in the last)',
      100_001,
      2,
      [50_100, 49_901],
    ],
    [
      '100.00 / 6 = 16.66… → 17 × 5 = 85, last 100 − 85 = 15',
      10_000,
      6,
      [1_700, 1_700, 1_700, 1_700, 1_700, 1_500],
    ],
    ['2,080.00 / 2 = 1,040 each (already whole baht)', 208_000, 2, [104_000, 104_000]],
    ['1,545.50 / 1 = 1,545.50 (one instalment is the net itself)', 154_550, 1, [154_550]],
  ])('%s', (_working, net, count, expected) => {
    const amounts = installmentAmounts(net, count);
    expect(amounts).toEqual(expected);
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(net);
  });

  it('refuses to split an amount so small that the last instalment would be nothing or less', () => {
    // 3.00 in 4: ⌈0.75⌉ = 1 baht × 3 = 3.00, nothing left for the last
    expect(() => installmentAmounts(300, 4)).toThrow(RangeError);
    // 0.05 in 4: ⌈0.0125⌉ = 1 baht × 3 = 3.00 > 0.05
    expect(() => installmentAmounts(5, 4)).toThrow(RangeError);
    expect(() => installmentAmounts(0, 2)).toThrow(RangeError);
  });

  it.each([
    [
      'Jan 31 → Feb 28 → Mar 31 (clamped, then back to the 31st)',
      '2026-01-31',
      3,
      ['2026-01-31', '2026-02-28', '2026-03-31'],
    ],
    ['Jan 31 of a leap year → Feb 29', '2024-01-31', 2, ['2024-01-31', '2024-02-29']],
    [
      'Dec 15 → Jan 15 and Feb 15 of the next year',
      '2025-12-15',
      3,
      ['2025-12-15', '2026-01-15', '2026-02-15'],
    ],
    [
      'Aug 31 → Sep 30 → Oct 31 → Nov 30',
      '2026-08-31',
      4,
      ['2026-08-31', '2026-09-30', '2026-10-31', '2026-11-30'],
    ],
  ])('monthly dates: %s', (_working, first, count, expected) => {
    expect(installmentDates(first, count)).toEqual(expected);
  });

  it('the schedule starts on the Asia/Bangkok day of the order, not the UTC one', () => {
    // 2026-01-31 17:30 UTC is 1 February 00:30 in Bangkok
    expect(installmentSchedule(100_000, new Date('2026-01-31T17:30:00Z'), 3)).toEqual([
      { period: 1, dueDate: '2026-02-01', amount: 33_400 },
      { period: 2, dueDate: '2026-03-01', amount: 33_400 },
      { period: 3, dueDate: '2026-04-01', amount: 33_200 },
    ]);
    // 2026-01-31 16:59 UTC is still 31 January (23:59) in Bangkok: the 31st, then February's last day
    expect(installmentSchedule(150_000, new Date('2026-01-31T16:59:00Z'))).toEqual([
      { period: 1, dueDate: '2026-01-31', amount: 75_000 },
      { period: 2, dueDate: '2026-02-28', amount: 75_000 },
    ]);
  });
});

describe('reference code: SPSK + the order number padded to 10 digits (spec 02 §9)', () => {
  it.each([
    [1, 'SPSK0000000001'],
    [1_234_567, 'SPSK0001234567'],
    [9_999_999_999, 'SPSK9999999999'],
  ])('order %i → %s', (orderNo, expected) => {
    expect(referenceCode(orderNo)).toBe(expected);
  });

  it.each([0, -5, 1.5, 10_000_000_000])('refuses order number %s (no 10-digit code)', (orderNo) => {
    expect(() => referenceCode(orderNo)).toThrow(RangeError);
  });
});
