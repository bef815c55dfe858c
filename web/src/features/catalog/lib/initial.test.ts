import { describe, expect, it } from 'vitest';
import { initialOf } from './initial';

describe('placeholder initials', () => {
  it('skip a leading Thai vowel', () => {
    expect(initialOf('โค้ชอี')).toBe('ค');
    expect(initialOf('เรียน')).toBe('ร');
    expect(initialOf(' Forex')).toBe('F');
    expect(initialOf('')).toBe('');
  });
});
