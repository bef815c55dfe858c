import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Delivery, Page } from '@/types/api';
import { useStaffStore } from '@/stores/staff-store';
import { staffApi } from '@/lib/staff-api';

/** `template`: a whole template name, or a family prefix ending in '.' (`orders.`) */
export type DeliveryParams = { to?: string; template?: string; page: number; pageSize: number };

/** GET /api/notifications/deliveries (staff Bearer) — the e-mail and chat delivery log. */
export function getDeliveries(params: DeliveryParams, signal?: AbortSignal) {
  return staffApi<Page<Delivery>>('/notifications/deliveries', {
    query: {
      to: params.to?.trim() || undefined,
      template: params.template?.trim() || undefined,
      page: params.page,
      pageSize: params.pageSize,
    },
    signal,
  });
}

export function useDeliveries(params: DeliveryParams) {
  const token = useStaffStore((s) => s.token);
  return useQuery({
    queryKey: ['admin', 'deliveries', params, token],
    queryFn: ({ signal }) => getDeliveries(params, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}
