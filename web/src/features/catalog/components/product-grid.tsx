import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Alert } from '@/components/ui/alert';
import { useProducts } from '../api/get-products';
import { ProductCard } from './product-card';

export function ProductGrid() {
  const { t } = useTranslation();
  const products = useProducts({ page: 1, pageSize: 20 });
  if (products.isPending) return <Spinner label={t('home.loading')} />;
  if (products.isError) {
    return (
      <div className="grid-status">
        <Alert>{t('home.productsError')}</Alert>
        <Button variant="secondary" onClick={() => void products.refetch()}>
          {t('home.retry')}
        </Button>
      </div>
    );
  }
  if (products.data.items.length === 0) return <p className="grid-status">{t('home.productsEmpty')}</p>;
  return (
    <ul className="product-grid">
      {products.data.items.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}
