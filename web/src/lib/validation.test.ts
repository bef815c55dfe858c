import { describe, expect, it } from 'vitest';
import { isThaiIdChecksumValid, validateTaxId } from './validation';

describe('Thai tax id', () => {
  it.each(['1101700203450', '0105555123450', '1234567890121'])('%s has a valid check digit', (id) => {
    expect(isThaiIdChecksumValid(id)).toBe(true);
    expect(validateTaxId(id)).toBeNull();
  });

  it.each([
    ['1234567890123', 'validation.taxIdChecksum'],
    ['123456789012', 'validation.taxIdLength'],
    ['12345678901a3', 'validation.taxIdLength'],
    ['', 'validation.required'],
  ])('%s → %s', (id, key) => {
    expect(validateTaxId(id)).toBe(key);
  });

  it('is optional for a person, spaces and dashes ignored', () => {
    expect(validateTaxId('', { optional: true })).toBeNull();
    expect(validateTaxId('1-1017-00203-45-0')).toBeNull();
  });
});
