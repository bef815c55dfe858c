import { describe, expect, it } from 'vitest';
import { couponRecord, normaliseDay, normaliseTime } from '../../src/domain/coupon-form.js';

const gold = '01960000-0000-7000-8000-000000000001';

describe('coupon form (spec 02 §5)', () => {
  it.each([
    ['2026-04-01', '2026-04-01'],
    ['2026-04-01T17:00:00.000Z', '2026-04-01'],
    ['', null],
    [null, null],
    ['2026-02-29', undefined],
    ['2026-13-01', undefined],
  ])('day %j → %j', (input, out) => expect(normaliseDay(input)).toBe(out));

  it.each([
    ['9:05', '09:05'],
    ['18:30:00', '18:30'],
    ['', null],
    ['24:00', undefined],
    ['12:60', undefined],
  ])('time %j → %j', (input, out) => expect(normaliseTime(input)).toBe(out));

  it('keeps only the value of its own type; "" limit → null', () => {
    const r = couponRecord({
      code: ' A1 ',
      productId: gold,
      type: 'Pay',
      pay: 50_000,
      price: 1,
      percent: 3,
      limit: '',
    });
    expect(r).toEqual({
      record: expect.objectContaining({
        code: 'A1',
        type: 'Pay',
        pay: 50_000,
        price: null,
        percent: null,
        point: null,
        limit: null,
      }),
    });
  });

  it('percent with 2 decimals is fine, 3 are not; scope All needs no product', () => {
    expect(
      'record' in couponRecord({ code: 'P', productScope: 'All', type: 'Percent', percent: 12.34 }),
    ).toBe(true);
    expect(couponRecord({ code: 'P', productScope: 'All', type: 'Percent', percent: 12.345 })).toEqual({
      problems: [['percent', 'coupon.percent_decimals']],
    });
  });

  it('a window ending before it starts (same day, earlier time) is refused', () => {
    expect(
      couponRecord({
        code: 'W',
        productId: gold,
        start: '2026-04-01',
        startTime: '10:00',
        to: '2026-04-01',
        toTime: '09:59',
      }),
    ).toEqual({ problems: [['to', 'coupon.dates_reversed']] });
  });
});
