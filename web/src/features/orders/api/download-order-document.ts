import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/download';
import { useAuthStore } from '@/stores/auth-store';

/**
 * GET /api/orders/orders/:id/document.pdf with the member's token — an invoice while the order
 * waits, the tax invoice / receipt once paid — saved as a file.
 */
export function downloadOrderDocument({ id, reference }: { id: string; reference: string }): Promise<void> {
  return downloadFile(`/orders/orders/${encodeURIComponent(id)}/document.pdf`, {
    token: useAuthStore.getState().token,
    fallbackName: `${reference}.pdf`,
  });
}

export const useDownloadOrderDocument = () => useMutation({ mutationFn: downloadOrderDocument });
