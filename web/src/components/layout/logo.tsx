import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChartIcon } from '@/components/ui/icons';

export function Logo({ to = '/' }: { to?: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="logo" aria-label={t('brand.homeLink')}>
      <span className="logo__mark" aria-hidden="true">
        <ChartIcon width={18} height={18} />
      </span>
      <span className="logo__text" aria-hidden="true">
        <span className="logo__name">{t('brand.name')}</span>{' '}
        <span className="logo__thai">{t('brand.thai')}</span>
      </span>
    </Link>
  );
}
