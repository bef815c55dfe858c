import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderPaymentsView } from '@rian/proto-contracts/payments';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth-store';
import { MY_ORDERS_KEY } from './get-my-orders';
import { slipPaymentsKey } from './slip-payments';

export type SlipSubmission = {
  orderId: string;
  file: File;
  /** yyyy-mm-dd */
  paymentDate: string;
  /** HH:mm, 24-hour */
  paymentTime: string;
};

/**
 * POST /api/payments/payments/:orderId/slip (multipart: `slip`, `paymentDate`, `paymentTime`) with
 * the member's token — pays the next amount due; it then waits for staff.
 */
export function submitSlip({
  orderId,
  file,
  paymentDate,
  paymentTime,
}: SlipSubmission): Promise<OrderPaymentsView> {
  const form = new FormData();
  form.append('paymentDate', paymentDate);
  form.append('paymentTime', paymentTime);
  // the file field is `SLIP_FILE_FIELD` of the contract (web imports contracts for types only)
  form.append('slip', file);
  return api<OrderPaymentsView>(`/payments/payments/${encodeURIComponent(orderId)}/slip`, {
    method: 'POST',
    body: form,
  });
}

export function useSubmitSlip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitSlip,
    onSuccess: (view) => {
      queryClient.setQueryData(slipPaymentsKey(view.orderId, useAuthStore.getState().token), view);
      return queryClient.invalidateQueries({ queryKey: MY_ORDERS_KEY });
    },
  });
}
