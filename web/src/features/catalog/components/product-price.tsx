import { useTranslation } from 'react-i18next';
import { formatTHB } from '@/lib/format';

export function ProductPrice({
  price,
  was,
  large = false,
}: {
  price: number;
  was?: number | null;
  large?: boolean;
}) {
  const { t } = useTranslation();
  const showWas = was != null && was > price;
  return (
    <p className={large ? 'price price--large' : 'price'}>
      <span className="sr-only">{t('product.price')} </span>
      <span className="price__now">{formatTHB(price)}</span>
      {showWas && (
        <>
          {' '}
          <span className="sr-only">{t('product.normalPrice')} </span>
          <s className="price__was">{formatTHB(was)}</s>
        </>
      )}
    </p>
  );
}
