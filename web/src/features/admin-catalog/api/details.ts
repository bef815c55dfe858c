import type {
  DetailListCreateBody,
  DetailListStaff,
  DetailTypeCreateBody,
  DetailTypeStaff,
} from '@rian/proto-contracts/catalog-content';
import { crud } from '@/lib/staff-crud';
import { useStaffMutation, useStaffQuery } from './query';

/** Tab names of the product page (product detail types), shared by every product. */
export const detailTypes = crud<DetailTypeStaff, DetailTypeCreateBody>('/catalog/admin/detail-types');
/** A product's items under those tabs (product detail lists). */
export const detailLists = crud<DetailListStaff, DetailListCreateBody>('/catalog/admin/detail-lists');

export function useDetailTypes() {
  return useStaffQuery(['detail-types'], (signal) => detailTypes.list({ page: 1, pageSize: 100 }, signal));
}

export function useDetailLists(productId: string) {
  return useStaffQuery(['detail-lists', productId], (signal) =>
    detailLists.list({ productId, page: 1, pageSize: 100 }, signal),
  );
}

export const useSaveDetailType = () => useStaffMutation(detailTypes.save);
export const useDeleteDetailType = () => useStaffMutation(detailTypes.remove);
export const useSaveDetailList = () => useStaffMutation(detailLists.save);
export const useDeleteDetailList = () => useStaffMutation(detailLists.remove);
