import type {
  CoachCreateBody,
  CoachSort,
  CoachStaff,
  ProductCoachCreateBody,
  ProductCoachStaff,
} from '@rian/proto-contracts/catalog-content';
import type { ListParams } from '@/hooks/use-list-params';
import { crud } from '@/lib/staff-crud';
import { useStaffMutation, useStaffQuery } from './query';

export const COACH_SORTS: readonly CoachSort[] = ['createdAt', '-createdAt', 'name', '-name'];

export const coaches = crud<CoachStaff, CoachCreateBody>('/catalog/admin/coaches');
const productCoaches = crud<ProductCoachStaff, ProductCoachCreateBody>('/catalog/admin/product-coaches');

/** q matches name, nickname or position. */
export function useCoaches(params: ListParams<CoachSort>) {
  return useStaffQuery(['coaches', params], (signal) =>
    coaches.list(
      { q: params.q.trim() || undefined, page: params.page, pageSize: params.pageSize, sort: params.sort },
      signal,
    ),
  );
}

/** Coaches to link to a product, by name. */
export function useCoachChoices() {
  return useStaffQuery(['coaches', 'choices'], (signal) =>
    coaches.list({ page: 1, pageSize: 100, sort: 'name' }, signal),
  );
}

export function useProductCoaches(productId: string) {
  return useStaffQuery(['product-coaches', productId], (signal) =>
    productCoaches.list({ productId, page: 1, pageSize: 100 }, signal),
  );
}

export const useSaveCoach = () => useStaffMutation(coaches.save);
export const useDeleteCoach = () => useStaffMutation(coaches.remove);
export const useLinkCoach = () =>
  useStaffMutation((body: ProductCoachCreateBody) => productCoaches.save({ id: null, body }));
export const useUnlinkCoach = () => useStaffMutation(productCoaches.remove);
