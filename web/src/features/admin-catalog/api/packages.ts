import type {
  PackageCreateBody,
  PackageCreateProductBody,
  PackageCreateProductResult,
  PackageStaff,
} from '@rian/proto-contracts/catalog-commerce';
import type { ListParams } from '@/hooks/use-list-params';
import { staffApi } from '@/lib/staff-api';
import { crud } from '@/lib/staff-crud';
import { useStaffMutation, useStaffQuery } from './query';
import { PRODUCT_SORTS, type ProductSort } from './products';

/** Packages list like products (same sorts, newest first by default). */
export const PACKAGE_SORTS = PRODUCT_SORTS;
export type PackageSort = ProductSort;

export const packages = crud<PackageStaff, PackageCreateBody>('/catalog/admin/packages');

export function usePackages(params: ListParams<PackageSort>) {
  return useStaffQuery(['packages', params], (signal) =>
    packages.list(
      { q: params.q.trim() || undefined, page: params.page, pageSize: params.pageSize, sort: params.sort },
      signal,
    ),
  );
}

export const useSavePackage = () => useStaffMutation(packages.save);
export const useDeletePackage = () => useStaffMutation(packages.remove);
/** Spec "CreatePackages": a product made from the package (its fields, the courses given). */
export const useCreateProductFromPackage = () =>
  useStaffMutation(({ id, body }: { id: string; body: PackageCreateProductBody }) =>
    staffApi<PackageCreateProductResult>(`/catalog/admin/packages/${encodeURIComponent(id)}/create-product`, {
      method: 'POST',
      body,
    }),
  );
