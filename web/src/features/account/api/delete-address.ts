import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Address, AddressFormat, AddressType } from '@/types/api';
import { useAuthStore } from '@/stores/auth-store';
import { addressesQueryKey } from '@/api/get-addresses';

export type AddressSlot = { format: AddressFormat; type: AddressType };

/** DELETE /api/auth/addresses/:format/:type — 204. */
export function deleteAddress({ format, type }: AddressSlot): Promise<void> {
  return api<void>(`/auth/addresses/${format}/${type}`, { method: 'DELETE' });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: (_, slot) => {
      const key = addressesQueryKey(useAuthStore.getState().token);
      queryClient.setQueryData<Address[]>(key, (list = []) =>
        list.filter((a) => !(a.format === slot.format && a.type === slot.type)),
      );
    },
  });
}
