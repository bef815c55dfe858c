import type { AdminOrderView } from '@rian/proto-contracts/orders-admin';
import { staffApi } from '@/lib/staff-api';
import { orderPath } from './orders-detail';
import { useOrdersMutation } from './orders-query';

/** the contract's TrackingBody: required, at most 100 characters */
export const TRACKING_MAX = 100;

/** PUT /api/orders/admin/orders/:id/tracking — records the number and the staff member. */
export function setTracking({ id, tracking }: { id: string; tracking: string }): Promise<AdminOrderView> {
  return staffApi<AdminOrderView>(`${orderPath(id)}/tracking`, { method: 'PUT', body: { tracking } });
}

export const useSetTracking = () => useOrdersMutation(setTracking);
