import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import type { Delivery, Page } from '@/types/api';
import { useStaffStore } from '../stores/staff-store';

export type DeliveryParams = { to?: string; page: number; pageSize: number };

/** GET /api/notifications/deliveries (staff Bearer) — the e-mail and chat delivery log. */
export function getDeliveries(params: DeliveryParams, token: string, signal?: AbortSignal) {
  return api<Page<Delivery>>('/notifications/deliveries', {
    query: { to: params.to?.trim() || undefined, page: params.page, pageSize: params.pageSize },
    token,
    signal,
  });
}

export function useDeliveries(params: DeliveryParams) {
  const token = useStaffStore((s) => s.token);
  return useQuery({
    queryKey: ['admin', 'deliveries', params, token],
    queryFn: async ({ signal }) => {
      try {
        return await getDeliveries(params, token as string, signal);
      } catch (error) {
        if (isApiError(error) && error.status === 401) useStaffStore.getState().clear();
        throw error;
      }
    },
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}
