import { useQuery } from '@tanstack/react-query';
import type { Static } from '@sinclair/typebox';
import type { SlipCounts as SlipCountsSchema } from '@rian/proto-contracts/payments';
import { staffApi } from '@/lib/staff-api';
import { useStaffStore } from '@/stores/staff-store';

export type SlipCounts = Static<typeof SlipCountsSchema>;

/** How often the top bar asks again (live updates over SSE are a later slice of payments). */
export const SLIP_COUNTS_REFRESH_MS = 60_000;

/** GET /api/payments/admin/slips/count — transfer slips waiting for staff (`wait`). */
export function getSlipCounts(signal?: AbortSignal): Promise<SlipCounts> {
  return staffApi<SlipCounts>('/payments/admin/slips/count', { signal });
}

export function useSlipCounts() {
  const token = useStaffStore((s) => s.token);
  return useQuery({
    // under ['admin', 'orders']: approving or rejecting a slip in the orders back office refreshes it
    queryKey: ['admin', 'orders', 'slip-counts', token],
    queryFn: ({ signal }) => getSlipCounts(signal),
    enabled: Boolean(token),
    refetchInterval: SLIP_COUNTS_REFRESH_MS,
  });
}
