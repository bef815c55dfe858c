import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentTypeView, SetPaymentTypeDisableBody } from '@rian/proto-contracts/payments';
import { paymentTypesQueryKey } from '@/api/get-payment-types';
import { staffApi } from '@/lib/staff-api';

export type UpdatePaymentTypeInput = { id: PaymentTypeView['id']; body: SetPaymentTypeDisableBody };

/** PUT /api/payments/admin/payment-types/{id} `{ disable }` — staff switch a type off (Y) or on (N). */
export function updatePaymentType({ id, body }: UpdatePaymentTypeInput): Promise<PaymentTypeView> {
  return staffApi<PaymentTypeView>(`/payments/admin/payment-types/${id}`, { method: 'PUT', body });
}

/**
 * The answer replaces its row in the shared list at once (the switches and checkout read the same
 * cache entry), then the list is fetched again.
 */
export function useUpdatePaymentType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentType,
    onSuccess: (saved) => {
      queryClient.setQueryData<PaymentTypeView[]>(paymentTypesQueryKey, (list) =>
        list?.map((type) => (type.id === saved.id ? saved : type)),
      );
      return queryClient.invalidateQueries({ queryKey: paymentTypesQueryKey });
    },
  });
}
