import { describe, expect, it } from 'vitest';
import type { EnrolmentView } from '@rian/proto-contracts/learning';
import { ownsProduct } from './my-enrolments';

const enrolled = (courseId: string, productId: string | null) => ({ courseId, productId }) as EnrolmentView;

describe('ownsProduct (the "you already have these courses" warning)', () => {
  const mine = [enrolled('c1', 'p-old'), enrolled('c2', 'p-other')];

  it("with the product's course list: only when every course is among the enrolments", () => {
    expect(ownsProduct(mine, { id: 'p-new', courseIds: ['c1', 'c2'] })).toBe(true);
    expect(ownsProduct(mine, { id: 'p-new', courseIds: ['c1', 'c3'] })).toBe(false);
  });

  it('without it: when an earlier order of this very product enrolled the member', () => {
    expect(ownsProduct(mine, { id: 'p-old' })).toBe(true);
    expect(ownsProduct(mine, { id: 'p-new' })).toBe(false);
    expect(ownsProduct([], { id: 'p-old' })).toBe(false);
  });
});
