import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Address, AddressBody, AddressFormat, AddressType } from '@/types/api';
import { useAuthStore } from '@/stores/auth-store';
import { addressesQueryKey } from '@/api/get-addresses';

export type SaveAddressInput = { format: AddressFormat; type: AddressType; body: AddressBody };

/** PUT /api/auth/addresses/:format/:type — creates or replaces one of the four slots. */
export function saveAddress({ format, type, body }: SaveAddressInput): Promise<Address> {
  return api<Address>(`/auth/addresses/${format}/${type}`, { method: 'PUT', body });
}

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    onSuccess: (saved) => {
      const key = addressesQueryKey(useAuthStore.getState().token);
      queryClient.setQueryData<Address[]>(key, (list = []) => [
        ...list.filter((a) => !(a.format === saved.format && a.type === saved.type)),
        saved,
      ]);
    },
  });
}
