import { useState } from 'react';
import type { Page } from '@/types/api';
import { useListParams, type ListParams } from './use-list-params';

/** What a back-office list reads from its TanStack query. */
export type StaffListQuery<T> = {
  isError: boolean;
  error: unknown;
  isPending: boolean;
  isFetching: boolean;
  data?: Page<T>;
  refetch: () => unknown;
};

/** The create/edit dialog: `row` null is "new"; `mode` says which part opens first (e.g. a tab). */
export type StaffListDialog<T, M extends string> = { row: T | null; mode: M | undefined };

/**
 * The state of a back-office list page, once: search text (debounced), sort, page and filters in
 * the address (`useListParams`), the list query, which row the create/edit dialog shows, and which
 * row waits for "Delete …?" — deleting it calls the API only once confirmed.
 *
 * `useItems` is the resource's list hook (e.g. `useCoaches`), called with the address's params and
 * filters; it may be an arrow closing over the page's values (`(p) => useSessions(courseId, p)`),
 * since it is called once per render like any hook. `useRemove` is the delete mutation hook, called
 * with the row's `id`. A list hook with a second parameter of its own (options) needs such an arrow.
 */
export function useStaffList<
  T extends { id: string },
  S extends string,
  F extends string = never,
  M extends string = never,
>({
  sorts,
  defaultSort,
  pageSize,
  filterKeys,
  useItems,
  useRemove,
}: {
  sorts: readonly S[];
  defaultSort: S;
  pageSize?: number;
  filterKeys?: readonly F[];
  useItems: (params: ListParams<S>, filters: Record<F, string>) => StaffListQuery<T>;
  useRemove?: () => { mutateAsync: (id: string) => Promise<unknown> };
}) {
  const list = useListParams<S, F>({ sorts, defaultSort, pageSize, filterKeys });
  const query = useItems(list.params, list.filters);
  // a page's delete hook never changes between renders, so this call keeps the hooks' order
  const remove = useRemove?.();
  const [dialog, setDialog] = useState<StaffListDialog<T, M> | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);

  return {
    ...list,
    query,
    rows: query.data?.items ?? [],
    dialog,
    openNew: (mode?: M) => setDialog({ row: null, mode }),
    openEdit: (row: T, mode?: M) => setDialog({ row, mode }),
    closeDialog: () => setDialog(null),
    deleting,
    askDelete: (row: T) => setDeleting(row),
    closeDelete: () => setDeleting(null),
    /** the confirmed delete: resolves when the server has removed the row, rejects with its refusal */
    confirmDelete: async (row: T) => {
      if (!remove) throw new Error('useStaffList: no useRemove for this list');
      await remove.mutateAsync(row.id);
    },
  };
}

export type StaffList<
  T extends { id: string },
  S extends string,
  F extends string = never,
  M extends string = never,
> = ReturnType<typeof useStaffList<T, S, F, M>>;
