import { useQuery } from '@tanstack/react-query';
import type { Static } from '@sinclair/typebox';
import type { SlipCounts as SlipCountsSchema } from '@rian/proto-contracts/payments';
import { staffApi } from '@/lib/staff-api';
import { useStaffStore } from '@/stores/staff-store';

export type SlipCounts = Static<typeof SlipCountsSchema>;

/** How often the top bar asks again while no live stream brings the count (see live-slip-counts.ts). */
export const SLIP_COUNTS_REFRESH_MS = 60_000;
/** The slower safety-net poll while the live stream is up. */
export const SLIP_COUNTS_LIVE_REFRESH_MS = 300_000;

/** under ['admin', 'orders']: approving or rejecting a slip in the orders back office refreshes it */
export const slipCountsKey = (token: string | null) => ['admin', 'orders', 'slip-counts', token] as const;

/** GET /api/payments/admin/slips/count — transfer slips waiting for staff (`wait`). */
export function getSlipCounts(signal?: AbortSignal): Promise<SlipCounts> {
  return staffApi<SlipCounts>('/payments/admin/slips/count', { signal });
}

/** `live`: the count also arrives over the live stream, so polling slows down. */
export function useSlipCounts(live = false) {
  const token = useStaffStore((s) => s.token);
  return useQuery({
    queryKey: slipCountsKey(token),
    queryFn: ({ signal }) => getSlipCounts(signal),
    enabled: Boolean(token),
    refetchInterval: live ? SLIP_COUNTS_LIVE_REFRESH_MS : SLIP_COUNTS_REFRESH_MS,
  });
}
