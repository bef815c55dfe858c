import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffApi } from '@/lib/staff-api';
import { useStaffStore } from '@/stores/staff-store';
import type { Page } from '@/types/api';

type Query = Record<string, string | number | boolean | null | undefined>;
const at = (path: string, id: string) => `${path}/${encodeURIComponent(id)}`;

/**
 * The calls every back-office resource answers (spec 02 §7: list, create-or-edit, delete):
 * GET `path` paged, POST `path`, PUT `path/:id` (only the fields sent change), DELETE `path/:id`.
 */
export function crud<T, Body>(path: string) {
  return {
    list: (query: Query, signal?: AbortSignal) => staffApi<Page<T>>(path, { query, signal }),
    /** create without an id, replace the fields sent with one (spec 02 §4 "Create versus update") */
    save: ({ id, body }: { id: string | null; body: Body }) =>
      id ? staffApi<T>(at(path, id), { method: 'PUT', body }) : staffApi<T>(path, { method: 'POST', body }),
    remove: (id: string) => staffApi<void>(at(path, id), { method: 'DELETE' }),
  };
}

/**
 * The staff query and mutation hooks of one back-office area: every read lives under `rootKey`
 * (and the staff token: another session never sees this one's cache); every write fetches all of
 * them again, since a change often shows in more than one list.
 */
export function staffQueries(rootKey: readonly unknown[]) {
  function useStaffQuery<T>(
    key: readonly unknown[],
    fetcher: (signal: AbortSignal) => Promise<T>,
    {
      enabled = true,
      keepPrevious = true,
      refetchInterval,
      staleTime,
    }: {
      enabled?: boolean;
      keepPrevious?: boolean;
      /** poll: milliseconds, or a function of the last answer (false stops) */
      refetchInterval?: number | false | ((data: T | undefined) => number | false);
      staleTime?: number;
    } = {},
  ) {
    const token = useStaffStore((s) => s.token);
    return useQuery({
      queryKey: [...rootKey, ...key, token],
      queryFn: ({ signal }) => fetcher(signal),
      enabled: Boolean(token) && enabled,
      placeholderData: keepPrevious ? keepPreviousData : undefined,
      refetchInterval:
        typeof refetchInterval === 'function'
          ? (query) => refetchInterval(query.state.data)
          : refetchInterval,
      staleTime,
    });
  }

  function useStaffMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn,
      onSuccess: () => queryClient.invalidateQueries({ queryKey: rootKey }),
    });
  }

  return { useStaffQuery, useStaffMutation };
}
