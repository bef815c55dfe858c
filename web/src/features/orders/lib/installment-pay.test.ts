import { describe, expect, it } from 'vitest';
import { payButton, type PayButton } from './installment-pay';

const schedule = (...statuses: string[]) =>
  statuses.map((status, i) => ({ period: i + 1, dueDate: `2026-0${i + 1}-01`, amount: 100_00, status }));

describe('the instalment pay button (spec 02 §4)', () => {
  // each case: the schedule's statuses → what each row shows
  it.each<[string, string[], PayButton[]]>([
    [
      'first paid with the order: the second is due',
      ['finish', 'create', 'create'],
      ['hidden', 'ready', 'locked'],
    ],
    ['approve is still "to pay"', ['finish', 'approve', 'approve'], ['hidden', 'ready', 'locked']],
    ['orders says paid for finished', ['paid', 'paid', 'create'], ['hidden', 'hidden', 'ready']],
    ['never on the first, even unpaid', ['create', 'create'], ['hidden', 'locked']],
    [
      'a slip waiting for confirmation: no button there, the next waits',
      ['finish', 'wait', 'create'],
      ['hidden', 'hidden', 'locked'],
    ],
    ['all finished: nothing to pay', ['finish', 'finish'], ['hidden', 'hidden']],
    ['cancelled rows: nothing to pay', ['not', 'cancel', 'cancel'], ['hidden', 'hidden', 'hidden']],
    ['an unknown status reads as to pay', ['finish', 'mystery'], ['hidden', 'ready']],
  ])('%s', (_name, statuses, expected) => {
    const rows = schedule(...statuses);
    expect(rows.map((_, i) => payButton(rows, i))).toEqual(expected);
  });

  it('only the row whose index equals the count of finished ones is ready', () => {
    const rows = schedule('finish', 'finish', 'create', 'create', 'create');
    const finished = rows.filter((r) => r.status === 'finish').length;
    expect(rows.map((_, i) => payButton(rows, i) === 'ready')).toEqual(rows.map((_, i) => i === finished));
  });

  it('a row outside the schedule has no button', () => {
    expect(payButton(schedule('finish', 'create'), 5)).toBe('hidden');
  });
});
