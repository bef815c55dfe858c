import type { ReactNode } from 'react';
import { SortHeader } from './sort-header';

export type Column<T> = {
  key: string;
  /** header text; visually hidden when `hideLabel` (e.g. the actions column) */
  label: string;
  hideLabel?: boolean;
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
}: {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  sort?: string;
  onSort?: (next: string) => void;
  /** `data-testid` of the table; each row gets `${testId}-row` */
  testId: string;
  rowClassName?: (row: T) => string | undefined;
}) {
  return (
    <div className="table-wrap">
      <table className="table" data-testid={testId}>
        <thead>
          <tr>
            {columns.map((c) =>
              c.sortField && onSort ? (
                <SortHeader key={c.key} field={c.sortField} label={c.label} sort={sort} onSort={onSort} />
              ) : (
                <th key={c.key} scope="col">
                  {c.hideLabel ? <span className="sr-only">{c.label}</span> : c.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={`${testId}-row`} className={rowClassName?.(row)}>
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
