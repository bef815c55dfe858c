import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import type { Page } from '@/types/api';

type ListQuery = {
  isError: boolean;
  error: unknown;
  isPending: boolean;
  isFetching: boolean;
  data?: Page<unknown>;
  refetch: () => unknown;
};

/**
 * A back-office list page: heading with the "new" button (and/or other `actions`), search box
 * (+ filters), loading / error / empty states, the table and the pager.
 */
export function ListFrame({
  title,
  newLabel,
  onNew,
  actions,
  testId,
  searchLabel,
  searchHint,
  searchText,
  onSearchText,
  filters,
  emptyText,
  query,
  page,
  pageSize,
  onPage,
  children,
}: {
  title: string;
  /** the "new" button: shown when both are given */
  newLabel?: string;
  onNew?: () => void;
  /** more buttons beside the heading (e.g. a report download) */
  actions?: ReactNode;
  testId: string;
  searchLabel: string;
  searchHint?: string;
  searchText: string;
  onSearchText: (text: string) => void;
  filters?: ReactNode;
  /** what an empty list says (default: "nothing yet") */
  emptyText?: string;
  query: ListQuery;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  return (
    <>
      <div className="admin__heading-row">
        <h1 className="admin__heading">{title}</h1>
        {(actions || (newLabel && onNew)) && (
          <div className="admin__heading-actions">
            {actions}
            {newLabel && onNew && (
              <Button onClick={onNew} data-testid={`${testId}-new`}>
                {newLabel}
              </Button>
            )}
          </div>
        )}
      </div>
      <form className="admin-filter" role="search" noValidate onSubmit={(e) => e.preventDefault()}>
        <TextField
          label={searchLabel}
          type="search"
          hint={searchHint}
          value={searchText}
          onChange={(e) => onSearchText(e.target.value)}
          data-testid={`${testId}-search`}
        />
        {filters}
        <Button variant="ghost" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('admin.refresh')}
        </Button>
      </form>
      {query.isError && <Alert>{problemText(query.error, language)}</Alert>}
      {query.isPending && !query.isError && <Spinner label={t('admin.loading')} />}
      {query.data && query.data.items.length === 0 && (
        <p data-testid={`${testId}-empty`}>{emptyText ?? t('admin.empty')}</p>
      )}
      {query.data && query.data.items.length > 0 && children}
      {query.data && <Pager page={page} pageSize={pageSize} total={query.data.total} onPage={onPage} />}
    </>
  );
}
