import { describe, expect, it } from 'vitest';
import { isValidThaiTaxId, thaiTaxIdCheckDigit } from '../../src/domain/thai-tax-id.js';

describe('Thai 13-digit tax id check digit', () => {
  // published tax ids of well-known Thai companies and the Revenue Department's own
  it.each([
    ['0107544000108', 'PTT Public Company'],
    ['0107536000374', 'Bangkok Bank'],
    ['0107542000011', 'CP ALL'],
    ['0107536000102', 'Siam Commercial Bank'],
    ['0994000165668', 'Revenue Department'],
  ])('%s (%s) is valid', (id) => {
    expect(isValidThaiTaxId(id)).toBe(true);
  });

  it.each([
    ['0107544000109', 'last digit changed'],
    ['0107544000100', 'last digit zero'],
    ['1107544000108', 'first digit changed'],
    ['0107454000108', 'two neighbouring digits swapped'],
    ['1234567890123', 'a made-up number'],
  ])('%s (%s) is refused', (id) => {
    expect(isValidThaiTaxId(id)).toBe(false);
  });

  it.each(['010754400010', '01075440001088', '010754400010x', '', ' 0107544000108'])(
    '"%s" is not 13 digits → not valid',
    (id) => {
      expect(isValidThaiTaxId(id)).toBe(false);
    },
  );

  it('computes the check digit: sum of digit × (13 − i), then (11 − sum mod 11) mod 10', () => {
    // 0·13+1·12+0·11+7·10+5·9+4·8+4·7+0+0+0+1·3+0 = 190; 190 mod 11 = 3; (11−3) mod 10 = 8
    expect(thaiTaxIdCheckDigit('010754400010')).toBe(8);
    // remainder 2 → 9; remainder 0 → 11 mod 10 = 1; remainder 1 (6·2 = 12) → 10 mod 10 = 0
    expect(thaiTaxIdCheckDigit('000000000001')).toBe(9);
    expect(thaiTaxIdCheckDigit('000000000000')).toBe(1);
    expect(thaiTaxIdCheckDigit('000000000006')).toBe(0);
    expect(() => thaiTaxIdCheckDigit('12')).toThrow(RangeError);
  });
});
