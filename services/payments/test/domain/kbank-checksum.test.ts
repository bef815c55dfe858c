import { describe, expect, it } from 'vitest';
import { kbankChecksum, kbankNoticeSigned, kbankProviderRef } from '../../src/domain/kbank-checksum.js';

describe('KBank notification checksum', () => {
  const notice = {
    id: 'chrg_test_1234567890',
    amount: 150,
    currency: 'THB',
    status: 'success',
    transaction_state: 'Authorized',
    reference_order: 'sess0123456789abcdef',
  };

  it('is SHA-256 of id + amount (4 decimals) + currency + status + transaction_state + reference_order + order_id + secret', () => {
    // printf '%s' "chrg_test_1234567890150.0000THBsuccessAuthorizedsess0123456789abcdefskey_test_abc" | sha256sum
    expect(kbankChecksum(notice, 'skey_test_abc')).toBe(
      '0965915eba54eb08338768386c88826b0d3afa677688ab5ad371ea219142f41d',
    );
    // … with the QR order's id appended after reference_order
    expect(kbankChecksum({ ...notice, order_id: 'order_test_42' }, 'skey_test_abc')).toBe(
      'dafec199e38bcefd4efa2f62859e914ed6368c63756feac18cec66592baecbad',
    );
  });

  it('checks a notice: a changed amount, state, reference_order, order_id or key fails', () => {
    const sum = kbankChecksum(notice, 'skey_test_abc');
    expect(kbankNoticeSigned(notice, sum, 'skey_test_abc')).toBe(true);
    expect(kbankNoticeSigned(notice, sum.toUpperCase(), 'skey_test_abc')).toBe(true);
    expect(kbankNoticeSigned({ ...notice, amount: 1 }, sum, 'skey_test_abc')).toBe(false);
    expect(kbankNoticeSigned({ ...notice, transaction_state: 'Declined' }, sum, 'skey_test_abc')).toBe(false);
    expect(
      kbankNoticeSigned({ ...notice, reference_order: 'another0session0000' }, sum, 'skey_test_abc'),
    ).toBe(false);
    expect(kbankNoticeSigned({ ...notice, order_id: 'order_test_other' }, sum, 'skey_test_abc')).toBe(false);
    expect(kbankNoticeSigned(notice, sum, 'skey_other')).toBe(false);
    expect(kbankNoticeSigned(notice, undefined, 'skey_test_abc')).toBe(false);
  });

  it('names the QR order it paid, or else the charge itself, as the provider reference', () => {
    expect(kbankProviderRef(notice)).toBe('chrg_test_1234567890');
    expect(kbankProviderRef({ ...notice, order_id: 'order_test_42' })).toBe('order_test_42');
  });
});
