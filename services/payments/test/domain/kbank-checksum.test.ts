import { describe, expect, it } from 'vitest';
import { kbankChecksum, kbankNoticeSigned } from '../../src/domain/kbank-checksum.js';

describe('KBank notification checksum', () => {
  const notice = {
    id: 'chrg_test_1234567890',
    amount: 150,
    currency: 'THB',
    status: 'success',
    transaction_state: 'Authorized',
  };

  it('is SHA-256 of id + amount (4 decimals) + currency + status + transaction_state + secret', () => {
    // printf '%s' "chrg_test_1234567890150.0000THBsuccessAuthorizedskey_test_abc" | sha256sum
    expect(kbankChecksum(notice, 'skey_test_abc')).toBe(
      '41bf4597ce9bbbcf5b4e837b6e5fc8f9b0f97e20c80ed019c1a15089d352435a',
    );
  });

  it('checks a notice: a changed amount, state or key fails', () => {
    const sum = kbankChecksum(notice, 'skey_test_abc');
    expect(kbankNoticeSigned(notice, sum, 'skey_test_abc')).toBe(true);
    expect(kbankNoticeSigned(notice, sum.toUpperCase(), 'skey_test_abc')).toBe(true);
    expect(kbankNoticeSigned({ ...notice, amount: 1 }, sum, 'skey_test_abc')).toBe(false);
    expect(kbankNoticeSigned({ ...notice, transaction_state: 'Declined' }, sum, 'skey_test_abc')).toBe(false);
    expect(kbankNoticeSigned(notice, sum, 'skey_other')).toBe(false);
    expect(kbankNoticeSigned(notice, undefined, 'skey_test_abc')).toBe(false);
  });
});
