import type { ProductCreateBody, ProductStaff } from '@rian/proto-contracts/catalog';
import type { ListParams } from '@/hooks/use-list-params';
import { crud } from '@/lib/staff-crud';
import { useStaffMutation, useStaffQuery } from './query';

export const PRODUCT_SORTS = [
  '-createdAt',
  'createdAt',
  'title',
  '-title',
  'url',
  '-url',
  'price',
  '-price',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** /api/catalog/admin/products — every product, disabled ones too; q matches title, subtitle or url. */
export const products = crud<ProductStaff, ProductCreateBody>('/catalog/admin/products');

export function useProducts(params: ListParams<ProductSort>) {
  return useStaffQuery(['products', params], (signal) =>
    products.list(
      {
        q: params.q.trim() || undefined,
        page: params.page,
        pageSize: params.pageSize,
        sort: params.sort,
      },
      signal,
    ),
  );
}

/** Products to choose from (plans, packages): the newest 100, or those matching `q`. */
export function useProductChoices(q = '') {
  return useStaffQuery(['products', 'choices', q], (signal) =>
    products.list({ q: q.trim() || undefined, page: 1, pageSize: 100 }, signal),
  );
}

export const useSaveProduct = () => useStaffMutation(products.save);
export const useDeleteProduct = () => useStaffMutation(products.remove);
