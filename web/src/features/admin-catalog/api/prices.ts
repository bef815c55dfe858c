import type { PriceCreateBody, PriceStaff } from '@rian/proto-contracts/catalog-commerce';
import { staffApi } from '@/lib/staff-api';
import type { Page } from '@/types/api';
import { useStaffMutation, useStaffQuery } from './query';

const base = (productId: string) => `/catalog/admin/products/${encodeURIComponent(productId)}/prices`;
const one = (productId: string, priceId: string) => `${base(productId)}/${encodeURIComponent(priceId)}`;

/** GET …/prices — oldest first; soft-deleted ones only with includeRemoved. */
export function usePrices(productId: string, includeRemoved: boolean) {
  return useStaffQuery(['prices', productId, includeRemoved], (signal) =>
    staffApi<Page<PriceStaff>>(base(productId), {
      query: { includeRemoved, page: 1, pageSize: 100 },
      signal,
    }),
  );
}

export const useSavePrice = () =>
  useStaffMutation(
    ({ productId, id, body }: { productId: string; id: string | null; body: PriceCreateBody }) =>
      id
        ? staffApi<PriceStaff>(one(productId, id), { method: 'PUT', body })
        : staffApi<PriceStaff>(base(productId), { method: 'POST', body }),
  );

/** DELETE is soft: the price is marked removed and kept for the orders that used it. */
export const useRemovePrice = () =>
  useStaffMutation(({ productId, id }: { productId: string; id: string }) =>
    staffApi<void>(one(productId, id), { method: 'DELETE' }),
  );

export const useRestorePrice = () =>
  useStaffMutation(({ productId, id }: { productId: string; id: string }) =>
    staffApi<PriceStaff>(`${one(productId, id)}/restore`, { method: 'POST' }),
  );
