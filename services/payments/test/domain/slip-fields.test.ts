import { describe, expect, it } from 'vitest';
import { checkSlipFields } from '../../src/domain/slip-fields.js';

describe('slip payment date and time (spec 02 §5: both required, 24-hour time)', () => {
  it('accepts a real day and a 24-hour time', () => {
    expect(checkSlipFields({ paymentDate: '2026-02-28', paymentTime: '23:59' })).toEqual([]);
    expect(checkSlipFields({ paymentDate: '2028-02-29', paymentTime: '00:00' })).toEqual([]);
  });

  it('missing or blank → required, for each field', () => {
    expect(checkSlipFields({})).toEqual([
      { field: 'paymentDate', code: 'validation.required' },
      { field: 'paymentTime', code: 'validation.required' },
    ]);
    expect(checkSlipFields({ paymentDate: '  ', paymentTime: '' })).toHaveLength(2);
  });

  it('a day that does not exist or a 12-hour time → format', () => {
    expect(checkSlipFields({ paymentDate: '2026-02-29', paymentTime: '24:00' })).toEqual([
      { field: 'paymentDate', code: 'validation.format' },
      { field: 'paymentTime', code: 'validation.format' },
    ]);
    expect(checkSlipFields({ paymentDate: '15/04/2026', paymentTime: '2:05 PM' })).toHaveLength(2);
  });
});
