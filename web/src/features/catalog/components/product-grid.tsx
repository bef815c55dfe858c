import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Alert } from '@/components/ui/alert';
import type { Product } from '@/types/api';
import { useProducts } from '../api/get-products';
import { ProductCard } from './product-card';

/** Cards of products, as many columns as fit (one on a phone). */
export function ProductCards({ products }: { products: readonly Product[] }) {
  return (
    <ul className="product-grid">
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}

/** The home page's courses: the newest enabled products. */
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
  return <ProductCards products={products.data.items} />;
}
