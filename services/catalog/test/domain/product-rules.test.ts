import { describe, expect, it } from 'vitest';
import {
  newProductFields,
  productFieldProblems,
  updatedProductFields,
} from '../../src/domain/product-rules.js';

describe('product rules (spec 02 §3)', () => {
  const fresh = newProductFields({ url: 'forex-basics', title: '  Forex Basics ', price: 150_000 });

  it('fills the spec defaults: format online, type product, status coming, every flag N', () => {
    expect(fresh).toMatchObject({
      title: 'Forex Basics',
      format: 'online',
      type: 'product',
      status: 'coming',
      disable: 'N',
      book: 'N',
      priceList: 'N',
      coinPay: 'N',
      subtitle: null,
      priceUnchanged: null,
      lineToken: null,
    });
  });

  it.each([
    ['a token', 'abc', 'abc'],
    ['a blank token', '   ', null],
    ['an empty token', '', null],
    ['null', null, null],
  ])('stores %s as %s', (_name, given, stored) => {
    expect(newProductFields({ url: 'u', title: 't', price: 1, lineToken: given }).lineToken).toBe(stored);
  });

  it('updates only what is sent; null clears; absent keeps', () => {
    const current = { ...fresh, subtitle: 'old', status: 'open', telegramToken: 'tg' };
    const next = updatedProductFields(current, { price: 99, subtitle: null, title: ' New ' });
    expect(next).toEqual({ ...current, price: 99, subtitle: null, title: 'New' });
    expect(updatedProductFields(current, {})).toEqual(current);
    expect(updatedProductFields(current, { telegramToken: '' }).telegramToken).toBeNull();
  });

  it.each([
    ['no dates', null, null, []],
    ['start only', '2027-01-01', null, []],
    ['to only', null, '2027-01-01', []],
    ['one day', '2027-01-01', '2027-01-01', []],
    ['to after start', '2027-01-01', '2027-02-01', []],
    ['to before start', '2027-02-01', '2027-01-31', [{ field: 'to', rule: 'to_before_start' }]],
    ['across a year', '2026-12-31', '2027-01-01', []],
  ] as const)('%s', (_name, start, to, problems) => {
    expect(productFieldProblems({ title: 'x', start, to })).toEqual(problems);
  });

  it('calls a blank title missing', () => {
    expect(productFieldProblems({ title: '', start: null, to: null })).toEqual([
      { field: 'title', rule: 'required' },
    ]);
  });
});
