import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import '../i18n';

/** Previous / "page x of y" / next under a shop list; nothing when everything fits on one page. */
export function ShopPager({
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
  if (pages <= 1) return null;
  return (
    <nav className="shop-pager" aria-label={t('shop.pager.label')}>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('shop.pager.prev')}
      </Button>
      <span aria-live="polite">{t('shop.pager.status', { page, pages })}</span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('shop.pager.next')}
      </Button>
    </nav>
  );
}
