import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStaffStore } from '@/stores/staff-store';

/** Every catalog query of the back office lives under this key; a change refreshes them all. */
export const CATALOG_KEY = ['admin', 'catalog'] as const;

/** A staff read: keyed by the staff token too (another session never sees this one's cache). */
export function useStaffQuery<T>(
  key: readonly unknown[],
  fetcher: (signal: AbortSignal) => Promise<T>,
  { enabled = true, keepPrevious = true }: { enabled?: boolean; keepPrevious?: boolean } = {},
) {
  const token = useStaffStore((s) => s.token);
  return useQuery({
    queryKey: [...CATALOG_KEY, ...key, token],
    queryFn: ({ signal }) => fetcher(signal),
    enabled: Boolean(token) && enabled,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
}

/**
 * A staff write. Afterwards every catalog list shown is fetched again: a change often shows in
 * more than one list (a price in its product, a plan's e-mail count, a coach in its product).
 */
export function useStaffMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATALOG_KEY }),
  });
}
