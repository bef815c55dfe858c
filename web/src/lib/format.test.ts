import { describe, expect, it } from 'vitest';
import { formatTHB } from './format';

describe('formatTHB (satang → baht with 2 decimals)', () => {
  it.each([
    [150000, '฿1,500.00'],
    [0, '฿0.00'],
    [5, '฿0.05'],
    [99, '฿0.99'],
    [100, '฿1.00'],
    [123456789, '฿1,234,567.89'],
    [2990000, '฿29,900.00'],
  ])('%i satang → %s', (satang, shown) => {
    expect(formatTHB(satang)).toBe(shown);
  });
});
