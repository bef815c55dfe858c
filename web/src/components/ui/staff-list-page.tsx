import type { HTMLAttributes, ReactNode } from 'react';
import type { StaffList } from '@/hooks/use-staff-list';
import { Button } from './button';
import { ConfirmDelete } from './confirm-delete';
import { DataTable, type Column } from './data-table';
import { ListFrame } from './list-frame';

/** A row's button: its text, its `data-testid` (a string, or one per row), an optional per-row name. */
export type RowAction<T> = {
  label: string;
  testId: string | ((row: T) => string);
  ariaLabel?: (row: T) => string;
};

type RowActions<T> = {
  /** the actions column's header (read by screen readers only) */
  label: string;
  /** "Edit": opens the dialog on the row */
  edit?: RowAction<T>;
  /** more buttons between Edit and Delete (e.g. a second dialog of the page) */
  extra?: (row: T) => ReactNode;
  /** "Delete": asks first (`confirmDelete`); `when` hides it on rows that cannot go */
  remove?: RowAction<T> & { when?: (row: T) => boolean };
};

/**
 * A back-office list page on one scaffold: heading + New, search (+ `filters`), loading / error /
 * empty, the table (sortable columns sort through the server), the pager, the create/edit dialog
 * and "Delete …?". State comes from `useStaffList`; a page gives columns, texts and its dialog.
 * The table's test id is `${testId}-table`, its rows `${testId}-table-row` unless `rowTestId`.
 */
export function StaffListPage<
  T extends { id: string },
  S extends string,
  F extends string,
  M extends string,
>({
  list,
  testId,
  title,
  newLabel,
  searchLabel,
  searchHint,
  filters,
  emptyText,
  actions,
  lead,
  columns,
  rowActions,
  sortable = true,
  rowKey = (row) => row.id,
  rowClassName,
  rowTestId,
  rowProps,
  tableClassName,
  dialog,
  confirmDelete,
  children,
}: {
  list: StaffList<T, S, F, M>;
  testId: string;
  title: string;
  /** the New button's text; shown when the page has a `dialog` */
  newLabel?: string;
  searchLabel: string;
  searchHint?: string;
  filters?: ReactNode;
  /** what an empty list says (default: "nothing yet") */
  emptyText?: string;
  /** more buttons beside the heading */
  actions?: ReactNode;
  /** a paragraph above the table */
  lead?: ReactNode;
  columns: readonly Column<T>[];
  rowActions?: RowActions<T>;
  /** false: the headers do not sort (the list has one order) */
  sortable?: boolean;
  rowKey?: (row: T) => string;
  rowClassName?: (row: T) => string | undefined;
  rowTestId?: (row: T) => string;
  /** more attributes of a row (e.g. drag and drop) */
  rowProps?: (row: T, index: number) => HTMLAttributes<HTMLTableRowElement>;
  tableClassName?: string;
  /** the create (`row` null) / edit dialog; call `close` after a save or a cancel */
  dialog?: (row: T | null, close: () => void, mode: M | undefined) => ReactNode;
  confirmDelete?: {
    title: string;
    description: (row: T) => string;
    confirmLabel: string;
    /** the refusal's `data-testid` (default `confirm-error`) */
    errorTestId?: string;
  };
  /** the page's other dialogs */
  children?: ReactNode;
}) {
  const allColumns = rowActions ? [...columns, actionsColumn(rowActions, list)] : columns;
  return (
    <>
      <ListFrame
        title={title}
        newLabel={newLabel}
        onNew={dialog ? () => list.openNew() : undefined}
        actions={actions}
        testId={testId}
        searchLabel={searchLabel}
        searchHint={searchHint}
        searchText={list.text}
        onSearchText={list.setText}
        filters={filters}
        emptyText={emptyText}
        query={list.query}
        page={list.params.page}
        pageSize={list.params.pageSize}
        onPage={list.setPage}
      >
        {lead}
        <DataTable
          columns={allColumns}
          rows={list.rows}
          rowKey={rowKey}
          sort={sortable ? list.params.sort : undefined}
          onSort={sortable ? list.setSort : undefined}
          testId={`${testId}-table`}
          rowClassName={rowClassName}
          rowTestId={rowTestId}
          rowProps={rowProps}
          className={tableClassName}
        />
      </ListFrame>
      {dialog && list.dialog && dialog(list.dialog.row, list.closeDialog, list.dialog.mode)}
      {confirmDelete && (
        <ConfirmDelete
          target={list.deleting}
          title={confirmDelete.title}
          description={confirmDelete.description}
          confirmLabel={confirmDelete.confirmLabel}
          errorTestId={confirmDelete.errorTestId}
          onClose={list.closeDelete}
          onConfirm={list.confirmDelete}
        />
      )}
      {children}
    </>
  );
}

function actionsColumn<T extends { id: string }, S extends string, F extends string, M extends string>(
  { label, edit, extra, remove }: RowActions<T>,
  list: StaffList<T, S, F, M>,
): Column<T> {
  const testIdOf = (action: RowAction<T>, row: T) =>
    typeof action.testId === 'string' ? action.testId : action.testId(row);
  return {
    key: 'actions',
    label,
    hideLabel: true,
    className: 'table__actions',
    render: (row) => (
      <>
        {edit && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => list.openEdit(row)}
            aria-label={edit.ariaLabel?.(row)}
            data-testid={testIdOf(edit, row)}
          >
            {edit.label}
          </Button>
        )}
        {extra?.(row)}
        {remove && (remove.when?.(row) ?? true) && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => list.askDelete(row)}
            aria-label={remove.ariaLabel?.(row)}
            data-testid={testIdOf(remove, row)}
          >
            {remove.label}
          </Button>
        )}
      </>
    ),
  };
}
