import type { Static } from '@sinclair/typebox';
import type { BookDispatchBody, BookDispatchReply } from '@rian/proto-contracts/orders-admin';
import { staffApi } from '@/lib/staff-api';
import { useOrdersMutation } from './orders-query';

export type BookFlag = BookDispatchBody['status'];
export const BOOK_FLAGS: readonly BookFlag[] = ['Y', 'N', 'C'];

/** POST /api/orders/admin/orders/book-dispatch — one flag for a list of orders, all or nothing. */
export function setBookDispatch(body: BookDispatchBody): Promise<Static<typeof BookDispatchReply>> {
  return staffApi<Static<typeof BookDispatchReply>>('/orders/admin/orders/book-dispatch', {
    method: 'POST',
    body,
  });
}

export const useBookDispatch = () => useOrdersMutation(setBookDispatch);
