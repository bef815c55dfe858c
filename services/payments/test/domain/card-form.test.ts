import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  cardAmount,
  cardFormFields,
  RESPONSE_HASH_ORDER,
  responseSigned,
  signFields,
} from '../../src/domain/card-form.js';

describe('2C2P card form (redirect API 8.5)', () => {
  it('amount: satang as 12 zero-padded digits', () => {
    expect(cardAmount(150_000)).toBe('000000150000'); // ฿1,500.00
    expect(cardAmount(1)).toBe('000000000001');
    expect(cardAmount(0)).toBe('000000000000');
    expect(cardAmount(999_999_999_999)).toBe('999999999999');
    expect(() => cardAmount(1_000_000_000_000)).toThrow();
    expect(() => cardAmount(1.5)).toThrow();
  });

  it('the fields and hash_value of a hand-worked example', () => {
    const fields = cardFormFields({
      merchantId: 'JT01',
      secret: 'test-secret',
      orderId: 'a1b2c3d4e5f6a7b8c9d0',
      description: 'Rian SPSK0000001234',
      amount: 150_000,
      returnUrl: 'https://rian.example/api/payments/pay/REF/return',
      notifyUrl: 'https://rian.example/api/payments/callbacks/2c2p',
      lang: 'th',
      reference: 'SPSK0000001234',
    });
    expect(fields).toEqual({
      version: '8.5',
      merchant_id: 'JT01',
      payment_description: 'Rian SPSK0000001234',
      order_id: 'a1b2c3d4e5f6a7b8c9d0',
      currency: '764',
      amount: '000000150000',
      user_defined_1: 'SPSK0000001234',
      result_url_1: 'https://rian.example/api/payments/pay/REF/return',
      result_url_2: 'https://rian.example/api/payments/callbacks/2c2p',
      payment_option: 'C',
      default_lang: 'th',
      // worked by hand: printf '%s' "8.5JT01Rian SPSK0000001234a1b2c3d4e5f6a7b8c9d0764000000150000SPSK0000001234
      //   https://rian.example/api/payments/pay/REF/returnhttps://rian.example/api/payments/callbacks/2c2pCth"
      //   | openssl dgst -sha256 -hmac test-secret   (the two lines joined, no newline)
      hash_value: '72fb970220bfa35b2e15cba92c8c9ed9b8be949ba3ff1f4aedf41a5731916edc',
    });
  });

  it('a response is signed when hash_value is the HMAC of its fields in order (any case); else not', () => {
    const fields: Record<string, string> = {
      version: '8.5',
      merchant_id: 'JT01',
      order_id: 'a1b2c3d4e5f6a7b8c9d0',
      currency: '764',
      amount: '000000150000',
      payment_status: '000',
      transaction_ref: 'T123',
    };
    const text = RESPONSE_HASH_ORDER.map((k) => fields[k] ?? '').join('');
    const hash = createHmac('sha256', 's3cret').update(text).digest('hex');
    expect(signFields(fields, RESPONSE_HASH_ORDER, 's3cret')).toBe(hash);
    expect(responseSigned({ ...fields, hash_value: hash.toUpperCase() }, 's3cret')).toBe(true);
    expect(responseSigned({ ...fields, hash_value: hash }, 'other')).toBe(false);
    expect(responseSigned({ ...fields, amount: '000000000100', hash_value: hash }, 's3cret')).toBe(false);
    expect(responseSigned({ ...fields, payment_status: '000 ', hash_value: hash }, 's3cret')).toBe(false);
    expect(responseSigned(fields, 's3cret')).toBe(false);
    expect(responseSigned({ ...fields, hash_value: 'zz' }, 's3cret')).toBe(false);
  });
});
