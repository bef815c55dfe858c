import { describe, expect, it } from 'vitest';
import { containsPattern, paged, sortOrder, window } from '../src/staff-crud.js';

describe('staff list helpers', () => {
  it.each([
    ['forex', '%forex%'],
    ['100%', '%100\\%%'],
    ['win_rate', '%win\\_rate%'],
    ['a\\b', '%a\\\\b%'],
  ])('escapes %s for ILIKE', (q, pattern) => {
    expect(containsPattern(q)).toBe(pattern);
  });

  it('turns a sort name into field and direction', () => {
    expect(sortOrder('-name')).toEqual({ field: 'name', direction: 'desc' });
    expect(sortOrder('item')).toEqual({ field: 'item', direction: 'asc' });
  });

  it('pages 3 of 20 as rows 40..59, and says which page it is', () => {
    expect(window({ page: 3, pageSize: 20 })).toEqual({ limit: 20, offset: 40 });
    expect(paged(['a'], 41, { page: 3, pageSize: 20 })).toEqual({
      items: ['a'],
      page: 3,
      pageSize: 20,
      total: 41,
    });
  });
});
