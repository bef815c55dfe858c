import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStaffStore } from '@/stores/staff-store';

/**
 * Every orders query of the back office lives under this key (the top bar's waiting count too):
 * a change to an order refreshes the list, the open order and the count.
 */
export const ORDERS_ADMIN_KEY = ['admin', 'orders'] as const;

/** A staff read, keyed by the staff token too (another session never sees this one's cache). */
export function useOrdersQuery<T>(
  key: readonly unknown[],
  fetcher: (signal: AbortSignal) => Promise<T>,
  { enabled = true, keepPrevious = true }: { enabled?: boolean; keepPrevious?: boolean } = {},
) {
  const token = useStaffStore((s) => s.token);
  return useQuery({
    queryKey: [...ORDERS_ADMIN_KEY, ...key, token],
    queryFn: ({ signal }) => fetcher(signal),
    enabled: Boolean(token) && enabled,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
}

/** A staff write on orders; afterwards every orders query shown is fetched again. */
export function useOrdersMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ORDERS_ADMIN_KEY }),
  });
}
