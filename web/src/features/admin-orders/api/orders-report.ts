import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/download';
import { useStaffStore } from '@/stores/staff-store';

/** GET /api/orders/admin/orders/report.csv?from&to (Asia/Bangkok days) with the staff token, saved. */
export function downloadOrdersReport({ from, to }: { from: string; to: string }): Promise<void> {
  return downloadFile('/orders/admin/orders/report.csv', {
    token: useStaffStore.getState().token,
    query: { from, to },
    fallbackName: `orders-${from}-${to}.csv`,
  });
}

export const useDownloadOrdersReport = () => useMutation({ mutationFn: downloadOrdersReport });
