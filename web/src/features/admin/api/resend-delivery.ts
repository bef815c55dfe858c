import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Delivery } from '@/types/api';
import { staffApi } from '@/lib/staff-api';

/** POST /api/notifications/deliveries/:id/resend — a failed delivery goes out again (409 otherwise). */
export function resendDelivery(id: string): Promise<Delivery> {
  return staffApi<Delivery>(`/notifications/deliveries/${encodeURIComponent(id)}/resend`, { method: 'POST' });
}

export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendDelivery,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'deliveries'] }),
  });
}
