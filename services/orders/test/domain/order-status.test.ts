import { describe, expect, it } from 'vitest';
import {
  CANCELLED,
  canTransition,
  ORDER_STATUSES,
  INSTALLMENT_STATUSES,
  INSTALLMENT_TRANSITIONS,
  installmentsBecoming,
  ORDER_TRANSITIONS,
  ordersBecoming,
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

describe('instalment status table (spec 02 §4 order transfer status)', () => {
  it.each([
    ['a slip sent: an open row waits for staff', 'wait', ['create', 'approve']],
    ['a slip rejected: the waiting row is to pay again', 'create', ['wait']],
    ['paid: any open row', 'finish', ['create', 'approve', 'wait']],
    ['cancelled with the order: any open row', 'not', ['create', 'approve', 'wait']],
    ['nothing becomes approve here (staff flag of the old system)', 'approve', []],
  ] as const)('%s → from %j', (_what, to, from) => {
    expect(installmentsBecoming(to)).toEqual(from);
  });

  it('paid and cancelled rows stay; every target is a known status', () => {
    expect(INSTALLMENT_TRANSITIONS.finish).toEqual([]);
    expect(INSTALLMENT_TRANSITIONS.not).toEqual([]);
    for (const targets of Object.values(INSTALLMENT_TRANSITIONS))
      for (const t of targets) expect(INSTALLMENT_STATUSES).toContain(t);
  });

  it('an order becomes paid or cancelled only from wait', () => {
    expect(ordersBecoming('paid')).toEqual(['wait']);
    expect(ordersBecoming('not')).toEqual(['wait']);
    expect(ordersBecoming('wait')).toEqual([]);
  });
});
