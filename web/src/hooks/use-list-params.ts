import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from './use-debounced-value';

export type ListParams<S extends string> = { q: string; page: number; pageSize: number; sort: S };

/**
 * A back-office list's search text, page, sort and filters (`filterKeys`, each a text), kept in the
 * address (shareable; Back returns to the same page). The search box follows what is typed; the
 * list follows it 300 ms later.
 */
export function useListParams<S extends string, F extends string = never>({
  sorts,
  defaultSort,
  pageSize = 20,
  filterKeys = [],
}: {
  sorts: readonly S[];
  defaultSort: S;
  pageSize?: number;
  filterKeys?: readonly F[];
}) {
  const [search, setSearch] = useSearchParams();
  const sortText = search.get('sort') ?? '';
  const params: ListParams<S> = {
    q: search.get('q') ?? '',
    page: Math.max(1, Number(search.get('page')) || 1),
    pageSize,
    sort: (sorts as readonly string[]).includes(sortText) ? (sortText as S) : defaultSort,
  };
  const filters = Object.fromEntries(filterKeys.map((key) => [key, search.get(key) ?? ''])) as Record<
    F,
    string
  >;
  const [text, setText] = useState(params.q);
  const debounced = useDebouncedValue(text, 300);

  function update(changes: Partial<ListParams<S>>, filterChanges: Partial<Record<F, string>> = {}) {
    const next = { ...params, ...changes };
    const nextFilters: Record<F, string> = { ...filters, ...filterChanges };
    const out = new URLSearchParams();
    if (next.q.trim()) out.set('q', next.q.trim());
    for (const key of filterKeys) {
      if (nextFilters[key].trim()) out.set(key, nextFilters[key].trim());
    }
    if (next.sort !== defaultSort) out.set('sort', next.sort);
    if (next.page > 1) out.set('page', String(next.page));
    setSearch(out, { replace: true });
  }

  useEffect(() => {
    if (debounced.trim() !== params.q.trim()) update({ q: debounced, page: 1 });
    // only a settled search text moves the list (the other params are read fresh from the address)
  }, [debounced]);

  return {
    params,
    text,
    setText,
    setPage: (page: number) => update({ page }),
    setSort: (sort: string) => {
      if ((sorts as readonly string[]).includes(sort)) update({ sort: sort as S, page: 1 });
    },
    filters,
    /** changes some filters; the list starts again at page 1 */
    setFilters: (changes: Partial<Record<F, string>>) => update({ page: 1 }, changes),
  };
}
