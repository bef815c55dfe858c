import type { Static } from '@sinclair/typebox';
import type { CancelByCodeReply } from '@rian/proto-contracts/orders-admin';
import { staffApi } from '@/lib/staff-api';
import { useOrdersMutation } from './orders-query';

/** POST /api/orders/orders/cancel-by-code with the staff token — only an order still waiting. */
export function cancelByCode(reference: string): Promise<Static<typeof CancelByCodeReply>> {
  return staffApi<Static<typeof CancelByCodeReply>>('/orders/orders/cancel-by-code', {
    method: 'POST',
    body: { code: reference },
  });
}

export const useCancelOrder = () => useOrdersMutation(cancelByCode);
