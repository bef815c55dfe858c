import type { HTMLAttributes, ReactNode } from 'react';
import { SortHeader } from './sort-header';

export type Column<T> = {
  key: string;
  /** header text; visually hidden when `hideLabel` (e.g. the actions column) */
  label: string;
  hideLabel?: boolean;
  /** shown in the header cell before the label (e.g. a "select all" box labelled by itself) */
  headerStart?: ReactNode;
  /** the field the server sorts by; the header becomes a sort button */
  sortField?: string;
  className?: string;
  render: (row: T) => ReactNode;
};

/** A back-office table: headers (some sorting), one row per item, scrolling sideways on phones. */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  sort = '',
  onSort,
  testId,
  rowClassName,
  rowTestId,
  rowProps,
  className,
}: {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  sort?: string;
  onSort?: (next: string) => void;
  /** `data-testid` of the table; each row gets `${testId}-row` */
  testId: string;
  rowClassName?: (row: T) => string | undefined;
  /** a row's own `data-testid` (e.g. by its code) instead of `${testId}-row` */
  rowTestId?: (row: T) => string;
  /** more attributes of a row (e.g. `draggable` and its drag handlers) */
  rowProps?: (row: T, index: number) => HTMLAttributes<HTMLTableRowElement>;
  /** more classes on the table (e.g. `table--sticky-first`: the first column stays while it scrolls) */
  className?: string;
}) {
  return (
    <div className="table-wrap">
      <table className={['table', className].filter(Boolean).join(' ')} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((c) =>
              c.sortField && onSort ? (
                <SortHeader
                  key={c.key}
                  field={c.sortField}
                  label={c.label}
                  sort={sort}
                  onSort={onSort}
                  start={c.headerStart}
                />
              ) : (
                <th key={c.key} scope="col">
                  {c.headerStart}
                  {c.hideLabel ? <span className="sr-only">{c.label}</span> : c.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr
              {...rowProps?.(row, index)}
              key={rowKey(row)}
              data-testid={rowTestId?.(row) ?? `${testId}-row`}
              className={rowClassName?.(row)}
            >
              {columns.map((c) => (
                <td key={c.key} className={c.className}>
                  {c.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
