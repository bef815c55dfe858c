import { describe, expect, it } from 'vitest';
import {
  newPlanFields,
  normalEmail,
  planFieldProblems,
  plansOpenTo,
  updatedPlanFields,
  type PlanRow,
} from '../../src/domain/installment-rules.js';

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
];

describe('instalment plans open today', () => {
  it.each([
    ['anonymous, 1 April', '2026-04-01', [], ['all-open', 'all-april']],
    ['anonymous, 31 March', '2026-03-31', [], ['all-open', 'all-march']],
    ['listed e-mail, 1 April', '2026-04-01', ['email-april'], ['all-open', 'all-april', 'email-april']],
    ['listed e-mail, May: the window is over', '2026-05-01', ['email-april'], ['all-open']],
    ['listed for another plan only', '2026-04-01', ['some-other-plan'], ['all-open', 'all-april']],
  ] as const)('%s', (_name, day, listed, expected) => {
    expect(plansOpenTo(PLANS, day, new Set(listed)).map((p) => p.id)).toEqual(expected);
  });
});

describe('plan fields', () => {
  it('fills the spec defaults: type all, count 2', () => {
    expect(newPlanFields({ name: ' 0% 2 months ' })).toEqual({
      name: '0% 2 months',
      detail: null,
      type: 'all',
      count: 2,
      start: null,
      to: null,
    });
  });

  it('updates only what is sent', () => {
    const current = newPlanFields({ name: 'x', count: 3 });
    expect(updatedPlanFields(current, { type: 'email' })).toEqual({ ...current, type: 'email' });
  });

  it('reports a blank name and a window ending before it starts', () => {
    expect(planFieldProblems({ name: ' ', start: '2026-04-02', to: '2026-04-01' })).toEqual([
      { field: 'name', rule: 'required' },
      { field: 'to', rule: 'to_before_start' },
    ]);
  });

  it.each([
    ['Somchai@Example.COM', 'somchai@example.com'],
    ['  a@b.co ', 'a@b.co'],
  ])('compares %s as %s', (given, normal) => {
    expect(normalEmail(given)).toBe(normal);
  });
});
