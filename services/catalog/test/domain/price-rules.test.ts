import { describe, expect, it } from 'vitest';
import { newPriceFields, priceFieldProblems, updatedPriceFields } from '../../src/domain/price-rules.js';

describe('price fields', () => {
  it('fills the spec defaults: type NL, member NL, show N, fee N', () => {
    expect(newPriceFields({ title: ' Early bird ', value: 99_000 })).toEqual({
      type: 'NL',
      member: 'NL',
      value: 99_000,
      show: 'N',
      start: null,
      to: null,
      title: 'Early bird',
      detail: null,
      fee: 'N',
    });
  });

  it('updates only what is sent; null clears', () => {
    const current = newPriceFields({ title: 'A', value: 1, detail: 'x', start: '2026-01-01', member: 'CG1' });
    expect(updatedPriceFields(current, { value: 2, detail: null, title: ' B ' })).toEqual({
      ...current,
      value: 2,
      detail: null,
      title: 'B',
    });
    expect(updatedPriceFields(current, {})).toEqual(current);
  });

  it.each([
    ['fine', 'x', '2026-04-01', '2026-04-30', []],
    ['blank title', '  ', null, null, [{ field: 'title', rule: 'required' }]],
    ['ends before it starts', 'x', '2026-04-30', '2026-04-01', [{ field: 'to', rule: 'to_before_start' }]],
  ] as const)('%s', (_name, title, start, to, problems) => {
    expect(priceFieldProblems({ title, start, to })).toEqual(problems);
  });
});
