import type { AdminOrderView } from '@rian/proto-contracts/orders-admin';
import { staffApi } from '@/lib/staff-api';
import { orderPath } from './orders-detail';
import { useOrdersMutation } from './orders-query';

/** PUT /api/orders/admin/orders/:id/certificate — the certificate flag becomes Y. */
export function issueCertificate(id: string): Promise<AdminOrderView> {
  return staffApi<AdminOrderView>(`${orderPath(id)}/certificate`, { method: 'PUT' });
}

export const useIssueCertificate = () => useOrdersMutation(issueCertificate);
