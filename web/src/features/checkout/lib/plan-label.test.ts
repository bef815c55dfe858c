import { describe, expect, it } from 'vitest';
import { planLabel } from './plan-label';

const th = (p: { name: string; count: number }) => `${p.name}: ผ่อน ${p.count} งวด`;

describe('instalment plan label', () => {
  it('a name that already says the count reads once: "ผ่อน 3 งวด", not "ผ่อน 3 งวด: ผ่อน 3 งวด"', () => {
    expect(planLabel({ name: 'ผ่อน 3 งวด', count: 3 }, th)).toBe('ผ่อน 3 งวด');
    expect(planLabel({ name: '10 months', count: 10 }, th)).toBe('10 months');
  });

  it('a name without the count gets it', () => {
    expect(planLabel({ name: 'แผนทองคำ', count: 3 }, th)).toBe('แผนทองคำ: ผ่อน 3 งวด');
    // 13 is not 3
    expect(planLabel({ name: 'Plan 13', count: 3 }, th)).toBe('Plan 13: ผ่อน 3 งวด');
  });
});
