import type { AdminOrderView } from '@rian/proto-contracts/orders-admin';
import { staffApi } from '@/lib/staff-api';
import { useOrdersQuery } from './orders-query';

export const orderPath = (id: string) => `/orders/admin/orders/${encodeURIComponent(id)}`;

/** GET /api/orders/admin/orders/:id — the order with details, schedule, invoice and staff flags. */
export function getAdminOrder(id: string, signal?: AbortSignal): Promise<AdminOrderView> {
  return staffApi<AdminOrderView>(orderPath(id), { signal });
}

export const useAdminOrder = (id: string) =>
  useOrdersQuery(['one', id], (signal) => getAdminOrder(id, signal), { keepPrevious: false });
