import { describe, expect, it } from 'vitest';
import { bahtInput, MAX_SATANG, parseBaht } from './money';

describe('baht ↔ satang', () => {
  it.each([
    ['1500', 150000],
    ['1,500.5', 150050],
    ['19.99', 1999],
    [' 0.07 ', 7],
    ['100000000.00', MAX_SATANG],
  ])('"%s" is %i satang', (text, satang) => expect(parseBaht(text)).toBe(satang));

  it.each(['', '1.234', '-5', 'abc', '1e3', '100000000.01', '.5'])('"%s" is refused', (text) =>
    expect(parseBaht(text)).toBeNull(),
  );

  it('shows stored satang with 2 decimals for editing', () => {
    expect(bahtInput(150050)).toBe('1500.50');
    expect(bahtInput(7)).toBe('0.07');
    expect(bahtInput(null)).toBe('');
  });
});
