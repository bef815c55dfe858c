import { describe, expect, it } from 'vitest';
import {
  newPackageFields,
  productFromPackage,
  updatedPackageFields,
} from '../../src/domain/package-rules.js';

describe('package rules (spec 02 §3 Package)', () => {
  const pkg = newPackageFields({ url: 'vip-2027', title: ' VIP 2027 ', price: 4_900_000, lineToken: ' ' });

  it('fills the spec defaults: format online, status coming, disable N, book N, price_list Y', () => {
    expect(pkg).toMatchObject({
      title: 'VIP 2027',
      format: 'online',
      status: 'coming',
      disable: 'N',
      book: 'N',
      priceList: 'Y',
      lineToken: null,
      telegramToken: null,
    });
  });

  it('updates only what is sent; a blank token clears it', () => {
    const withToken = { ...pkg, telegramToken: 'tg' };
    expect(updatedPackageFields(withToken, { price: 1, telegramToken: '' })).toEqual({
      ...withToken,
      price: 1,
      telegramToken: null,
    });
  });

  it('makes a product of type package with its texts, prices and flags, at the url given', () => {
    const product = productFromPackage(
      { ...pkg, book: 'Y', disable: 'Y', subtitle: 's', priceUnchanged: 5_900_000, lineToken: 'line' },
      'vip-2027-cohort-1',
    );
    expect(product).toEqual({
      url: 'vip-2027-cohort-1',
      title: 'VIP 2027',
      subtitle: 's',
      detail: null,
      start: null,
      to: null,
      price: 4_900_000,
      priceUnchanged: 5_900_000,
      img: null,
      imgCourse: null,
      imgSlide: null,
      code: null,
      coursesId: null,
      year: null,
      format: 'online',
      type: 'package',
      status: 'coming',
      disable: 'Y',
      book: 'Y',
      priceList: 'Y',
      coinPay: 'N',
      lineToken: 'line',
      telegramToken: null,
    });
  });
});
