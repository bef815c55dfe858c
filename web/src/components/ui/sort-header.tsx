import type { ReactNode } from 'react';

/** `field` ascending, `-field` descending (the services' `sort` parameter). */
export type SortDirection = 'ascending' | 'descending' | 'none';

export function sortDirection(sort: string, field: string): SortDirection {
  if (sort === field) return 'ascending';
  if (sort === `-${field}`) return 'descending';
  return 'none';
}

/** The next sort after a click on `field`: ascending first, then descending, and so on. */
export function nextSort(sort: string, field: string): string {
  return sort === field ? `-${field}` : field;
}

/** A column header that sorts the list: a button inside the `th`, with `aria-sort` on the cell. */
export function SortHeader({
  field,
  label,
  sort,
  onSort,
  start,
}: {
  field: string;
  label: string;
  sort: string;
  onSort: (next: string) => void;
  /** shown before the button (e.g. a "select all" box) */
  start?: ReactNode;
}) {
  const direction = sortDirection(sort, field);
  return (
    <th scope="col" aria-sort={direction}>
      {start}
      <button
        type="button"
        className="th-sort"
        onClick={() => onSort(nextSort(sort, field))}
        data-testid={`sort-${field}`}
      >
        {label}
        <span aria-hidden="true" className="th-sort__arrow">
          {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}
