import { describe, expect, it } from 'vitest';
import {
  comparePrices,
  newPriceFields,
  priceFieldProblems,
  pricesForMember,
  updatedPriceFields,
  type PriceRow,
} from '../../src/domain/price-rules.js';

const row = (id: string, extra: Partial<PriceRow>): PriceRow => ({
  id,
  type: 'NL',
  member: 'NL',
  value: 100_000,
  start: null,
  to: null,
  removed: 'N',
  ...extra,
});

// a small price sheet of one product, April 2026
const SHEET: PriceRow[] = [
  row('nl-public', { type: 'NL', member: 'NL', value: 150_000, start: '2026-01-01', to: '2026-12-31' }),
  row('seb-cg1-march', { type: 'SEB', member: 'CG1', value: 90_000, start: '2026-03-01', to: '2026-03-31' }),
  row('seb-cg1-april', { type: 'SEB', member: 'CG1', value: 95_000, start: '2026-04-01', to: '2026-04-15' }),
  row('eb-cg1', { type: 'EB', member: 'CG1', value: 100_000, start: '2026-04-01', to: '2026-04-30' }),
  row('nl-cg1', { type: 'NL', member: 'CG1', value: 120_000 }),
  row('eb-sptr', { type: 'EB', member: 'SPTR', value: 110_000, start: '2026-04-01', to: '2026-04-30' }),
  row('seb-cg1-removed', { type: 'SEB', member: 'CG1', value: 50_000, removed: 'Y' }),
  row('seb-nl-later', { type: 'SEB', member: 'NL', value: 80_000, start: '2026-04-02' }),
];

const ids = (rows: PriceRow[]) => rows.map((r) => r.id);

describe('product price lookup by date (spec 02 §4, §6)', () => {
  it.each([
    ['anonymous (no codes)', [], '2026-04-01', []],
    ['a member without codes', [], '2026-04-15', []],
    [
      'CG1 on 1 April: SEB, EB, NL of CG1; not the NL price of the public',
      ['CG1'],
      '2026-04-01',
      ['seb-cg1-april', 'eb-cg1', 'nl-cg1'],
    ],
    ['CG1 on 31 March: the March SEB', ['CG1'], '2026-03-31', ['seb-cg1-march', 'nl-cg1']],
    ['CG1 on 16 April: the SEB window is over', ['CG1'], '2026-04-16', ['eb-cg1', 'nl-cg1']],
    ['CG1 in May: only the open-ended NL', ['CG1'], '2026-05-01', ['nl-cg1']],
    ['NL on 1 April: the public price only', ['NL'], '2026-04-01', ['nl-public']],
    ['NL on 2 April: the later SEB starts', ['NL'], '2026-04-02', ['seb-nl-later', 'nl-public']],
    ['NL in 2027: the dated price is over, the open SEB goes on', ['NL'], '2027-01-01', ['seb-nl-later']],
    ['SPTR: its EB only', ['SPTR'], '2026-04-10', ['eb-sptr']],
    [
      'CG1 + NL: types first, then the cheaper',
      ['NL', 'CG1'],
      '2026-04-02',
      ['seb-nl-later', 'seb-cg1-april', 'eb-cg1', 'nl-cg1', 'nl-public'],
    ],
    ['a code no price uses', ['COL7'], '2026-04-01', []],
  ] as const)('%s', (_name, codes, day, expected) => {
    expect(ids(pricesForMember(SHEET, day, codes))).toEqual(expected);
  });

  it('never shows a removed price, even in its window and for its code', () => {
    expect(ids(pricesForMember(SHEET, '2026-06-01', ['CG1']))).not.toContain('seb-cg1-removed');
  });

  it('orders SEB before EB before NL whatever the values, then by value, then by id', () => {
    const rows = [
      row('b', { type: 'NL', value: 1 }),
      row('a', { type: 'EB', value: 900 }),
      row('c', { type: 'SEB', value: 5_000 }),
      row('e', { type: 'EB', value: 100 }),
      row('d', { type: 'EB', value: 100 }),
    ];
    expect(ids([...rows].sort(comparePrices))).toEqual(['c', 'd', 'e', 'a', 'b']);
  });
});

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
