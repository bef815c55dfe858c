import { describe, expect, it } from 'vitest';
import {
  CANCELLED,
  canTransition,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
} from '../../src/domain/order-status.js';

describe('order status table (spec 02 §4)', () => {
  it.each([
    ['wait', 'paid', true],
    ['wait', 'not', true],
    ['wait', 'wait', false],
    ['paid', 'not', false],
    ['paid', 'wait', false],
    ['not', 'wait', false],
    ['not', 'paid', false],
  ] as const)('%s → %s allowed: %s', (from, to, ok) => {
    expect(canTransition(from, to)).toBe(ok);
  });

  it('covers every status, names only known statuses, and cancelled is the spec\'s "not"', () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const targets of Object.values(ORDER_TRANSITIONS)) {
      for (const t of targets) expect(ORDER_STATUSES).toContain(t);
    }
    expect(CANCELLED).toBe('not');
    expect(ORDER_TRANSITIONS[CANCELLED]).toEqual([]);
  });
});
