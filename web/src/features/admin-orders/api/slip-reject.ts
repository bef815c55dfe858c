import type { AdminSlipRow } from '@rian/proto-contracts/payments';
import { staffApi } from '@/lib/staff-api';
import { useOrdersMutation } from './orders-query';

/** POST /api/payments/admin/slips/:id/reject { note } — the buyer is told why and may send another slip. */
export function rejectSlip({ id, note }: { id: string; note: string }): Promise<AdminSlipRow> {
  return staffApi<AdminSlipRow>(`/payments/admin/slips/${encodeURIComponent(id)}/reject`, {
    method: 'POST',
    body: { note },
  });
}

export const useRejectSlip = () => useOrdersMutation(rejectSlip);
