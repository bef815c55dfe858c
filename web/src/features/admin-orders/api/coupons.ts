import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CouponInput, CouponView } from '@rian/proto-contracts/coupons';
import { staffApi } from '@/lib/staff-api';
import { useStaffStore } from '@/stores/staff-store';
import type { Page } from '@/types/api';

const BASE = '/orders/admin/coupons';
export const couponPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** Every coupon query lives under this key; a change refreshes them all (list, e-mail lists). */
export const COUPONS_KEY = ['admin', 'coupons'] as const;

export type CouponFilters = {
  q: string;
  productId: string;
  /** '' any, 'true' not expired now, 'false' expired */
  active: '' | 'true' | 'false';
  page: number;
  pageSize: number;
};

/** GET /api/orders/admin/coupons — newest first; q = part of the code or the name. */
export function getCoupons(filters: CouponFilters, signal?: AbortSignal): Promise<Page<CouponView>> {
  return staffApi<Page<CouponView>>(BASE, {
    query: {
      q: filters.q.trim() || undefined,
      productId: filters.productId || undefined,
      active: filters.active || undefined,
      page: filters.page,
      pageSize: filters.pageSize,
    },
    signal,
  });
}

export function useCoupons(filters: CouponFilters) {
  const token = useStaffStore((s) => s.token);
  return useQuery({
    queryKey: [...COUPONS_KEY, 'list', filters, token],
    queryFn: ({ signal }) => getCoupons(filters, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

/** A staff write on coupons; afterwards every coupon query shown is fetched again. */
export function useCouponMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COUPONS_KEY }),
  });
}

/** POST (no id) or PUT (the whole form: PUT replaces every field). */
export const useSaveCoupon = () =>
  useCouponMutation(({ id, body }: { id: string | null; body: CouponInput }) =>
    id
      ? staffApi<CouponView>(couponPath(id), { method: 'PUT', body })
      : staffApi<CouponView>(BASE, { method: 'POST', body }),
  );

/** 409 coupon.in_use when any order refers to the coupon. */
export const useDeleteCoupon = () =>
  useCouponMutation((id: string) => staffApi<void>(couponPath(id), { method: 'DELETE' }));
