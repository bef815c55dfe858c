import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/download';
import { useStaffStore } from '@/stores/staff-store';

/** GET /api/orders/orders/:id/document.pdf with the staff token (invoice, or tax invoice once paid). */
export function downloadOrderDocument({ id, reference }: { id: string; reference: string }): Promise<void> {
  return downloadFile(`/orders/orders/${encodeURIComponent(id)}/document.pdf`, {
    token: useStaffStore.getState().token,
    fallbackName: `${reference}.pdf`,
  });
}

export const useDownloadOrderDocument = () => useMutation({ mutationFn: downloadOrderDocument });
