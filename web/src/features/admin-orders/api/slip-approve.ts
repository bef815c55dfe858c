import type { AdminSlipRow } from '@rian/proto-contracts/payments';
import { staffApi } from '@/lib/staff-api';
import { useOrdersMutation } from './orders-query';

/** POST /api/payments/admin/slips/:id/approve — the transfer is confirmed: the order (instalment) is paid. */
export function approveSlip(id: string): Promise<AdminSlipRow> {
  return staffApi<AdminSlipRow>(`/payments/admin/slips/${encodeURIComponent(id)}/approve`, {
    method: 'POST',
  });
}

export const useApproveSlip = () => useOrdersMutation(approveSlip);
