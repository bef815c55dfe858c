import { describe, expect, it } from 'vitest';
import { newPlanFields, planFieldProblems, updatedPlanFields } from '../../src/domain/installment-rules.js';

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
});
