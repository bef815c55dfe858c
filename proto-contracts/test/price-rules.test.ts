import { describe, expect, it } from 'vitest';
import {
  comparePrices,
  dayInWindow,
  normalEmail,
  plansOpenTo,
  pricesForMember,
  type PlanRow,
  type PriceRow,
} from '../src/price-rules.js';

const row = (id: string, extra: Partial<PriceRow>): PriceRow => ({
  id,
  type: 'NL',
  member: 'NL',
  value: 100_000,
  start: null,
  to: null,
  removed: false,
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
  row('seb-cg1-removed', { type: 'SEB', member: 'CG1', value: 50_000, removed: true }),
  row('seb-nl-later', { type: 'SEB', member: 'NL', value: 80_000, start: '2026-04-02' }),
];

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

describe('a day in a window of Bangkok days (both ends included; null leaves a side open)', () => {
  it.each([
    ['open on both sides', null, null, '2026-04-01', true],
    ['the first day of the window', '2026-04-01', '2026-04-30', '2026-04-01', true],
    ['the last day of the window', '2026-04-01', '2026-04-30', '2026-04-30', true],
    ['the day before', '2026-04-01', '2026-04-30', '2026-03-31', false],
    ['the day after', '2026-04-01', '2026-04-30', '2026-05-01', false],
    ['start only, later day', '2026-04-01', null, '2030-01-01', true],
    ['start only, earlier day', '2026-04-01', null, '2026-03-31', false],
    ['end only, earlier day', null, '2026-04-30', '2020-01-01', true],
    ['end only, later day', null, '2026-04-30', '2026-05-01', false],
    ['a one-day window', '2026-04-01', '2026-04-01', '2026-04-01', true],
  ] as const)('%s', (_name, start, to, day, inside) => {
    expect(dayInWindow(day, { start, to })).toBe(inside);
  });
});

describe('product price lookup by date (spec 02 §4, §6)', () => {
  it.each([
    ['anonymous (no codes)', [], '2026-04-01', []],
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

  it('never offers a removed price, even in its window and for its code', () => {
    expect(ids(pricesForMember(SHEET, '2026-06-01', ['CG1']))).not.toContain('seb-cg1-removed');
  });

  it('takes a row without `removed` as on sale (catalog passes only rows it already knows are)', () => {
    const { removed: _removed, ...onSale } = row('plain', {});
    expect(ids(pricesForMember([onSale], '2026-04-01', ['NL']))).toEqual(['plain']);
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

const plan = (id: string, extra: Partial<PlanRow>): PlanRow => ({
  id,
  name: id,
  type: 'all',
  count: 2,
  start: null,
  to: null,
  ...extra,
});

const PLANS = [
  plan('all-april', { count: 3, start: '2026-04-01', to: '2026-04-30' }),
  plan('all-open', { count: 2 }),
  plan('email-april', { type: 'email', count: 10, start: '2026-04-01', to: '2026-04-30' }),
  plan('all-march', { count: 6, start: '2026-03-01', to: '2026-03-31' }),
  plan('b-three', { count: 3, name: 'b' }),
  plan('a-three', { count: 3, name: 'a' }),
];

describe('instalment plans open today (spec 02 §4), fewest instalments first, then by name', () => {
  it.each([
    ['anonymous, 1 April', '2026-04-01', [], ['all-open', 'a-three', 'all-april', 'b-three']],
    ['anonymous, 31 March', '2026-03-31', [], ['all-open', 'a-three', 'b-three', 'all-march']],
    [
      'listed e-mail, 1 April',
      '2026-04-01',
      ['email-april'],
      ['all-open', 'a-three', 'all-april', 'b-three', 'email-april'],
    ],
    [
      'listed e-mail, May: the window is over',
      '2026-05-01',
      ['email-april'],
      ['all-open', 'a-three', 'b-three'],
    ],
    [
      'listed for another plan only',
      '2026-04-01',
      ['some-other-plan'],
      ['all-open', 'a-three', 'all-april', 'b-three'],
    ],
  ] as const)('%s', (_name, day, listed, expected) => {
    expect(ids(plansOpenTo(PLANS, day, new Set(listed)))).toEqual(expected);
  });
});

describe('e-mails on lists', () => {
  it.each([
    ['Somchai@Example.COM', 'somchai@example.com'],
    ['  a@b.co ', 'a@b.co'],
  ])('compares %s as %s', (given, normal) => {
    expect(normalEmail(given)).toBe(normal);
  });
});
