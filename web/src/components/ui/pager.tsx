import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** Previous / "page x of y (n items)" / next, for the back office's paged lists. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="pager">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('admin.prev')}
      </Button>
      <span data-testid="pager-status">{t('admin.page', { page, pages, total })}</span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('admin.next')}
      </Button>
    </div>
  );
}
