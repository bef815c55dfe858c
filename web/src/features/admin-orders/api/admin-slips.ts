import type { AdminSlipRow, SlipStatus } from '@rian/proto-contracts/payments';
import { staffApi } from '@/lib/staff-api';
import type { Page } from '@/types/api';
import { useOrdersQuery } from './orders-query';

export const SLIPS_PAGE_SIZE = 20;

/**
 * GET /api/payments/admin/slips?status — slips by review status, oldest first (the queue). Kept under
 * the orders back-office key: approving or rejecting refreshes this list and the top bar's count.
 */
export function getAdminSlips(
  status: SlipStatus,
  page: number,
  signal?: AbortSignal,
): Promise<Page<AdminSlipRow>> {
  return staffApi<Page<AdminSlipRow>>('/payments/admin/slips', {
    query: { status, page, pageSize: SLIPS_PAGE_SIZE },
    signal,
  });
}

export function useAdminSlips(status: SlipStatus, page: number) {
  return useOrdersQuery(['slips', status, page], (signal) => getAdminSlips(status, page, signal));
}
