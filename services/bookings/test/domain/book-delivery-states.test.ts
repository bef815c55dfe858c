import { describe, expect, it } from 'vitest';
import { BOOK_DELIVERY_STATES } from '@rian/proto-contracts/bookings';
import { BOOK_DELIVERY_MOVES, nextDeliveryState } from '../../src/domain/book-delivery-states.js';

describe('book delivery states', () => {
  it('the table covers every state of the contract', () => {
    expect(Object.keys(BOOK_DELIVERY_MOVES).sort()).toEqual([...BOOK_DELIVERY_STATES].sort());
  });

  it('the member saves an address until the book is sent or cancelled', () => {
    expect(nextDeliveryState('address_needed', 'address', false)).toBe('requested');
    expect(nextDeliveryState('requested', 'address', true)).toBe('requested');
    expect(nextDeliveryState('dispatched', 'address', true)).toBeNull();
    expect(nextDeliveryState('cancelled', 'address', true)).toBeNull();
  });

  it("orders' flag: Y sent, C cancelled, N back to where the address leaves it", () => {
    expect(nextDeliveryState('address_needed', 'Y', false)).toBe('dispatched');
    expect(nextDeliveryState('requested', 'C', true)).toBe('cancelled');
    expect(nextDeliveryState('dispatched', 'N', true)).toBe('requested');
    expect(nextDeliveryState('dispatched', 'N', false)).toBe('address_needed');
    expect(nextDeliveryState('cancelled', 'N', true)).toBe('requested');
    expect(nextDeliveryState('cancelled', 'Y', true)).toBe('dispatched');
    expect(nextDeliveryState('requested', 'N', true)).toBe('requested');
  });
});
