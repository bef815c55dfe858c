import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import type { Page, Product } from '@/types/api';
import { useProducts } from '../api/get-products';
import { useCoach, useCoachProducts } from '../api/get-coaches';
import { ProductCards } from '../components/product-grid';
import { ShopPager } from '../components/shop-pager';
import '../catalog.css';
import '../i18n';

const PAGE_SIZE = 12;

function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const setPage = (next: number) => {
    setParams(next > 1 ? { page: String(next) } : {});
    window.scrollTo?.({ top: 0 });
  };
  return [page, setPage];
}

/** /productAll/{coach?} (spec 02 §2): every enabled product, or the products of one coach. */
export function ProductAllRoute() {
  const { coach } = useParams();
  return coach ? <CoachProducts key={coach} coachId={coach} /> : <AllProducts />;
}

function AllProducts() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const products = useProducts({ page, pageSize: PAGE_SIZE });
  return (
    <main className="page" id="main">
      <header className="page-head">
        <h1 className="page-head__title">{t('shop.all.title')}</h1>
        <p className="page-head__lead">{t('shop.all.lead')}</p>
      </header>
      <ProductPage query={products} page={page} onPage={setPage} />
    </main>
  );
}

function CoachProducts({ coachId }: { coachId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const coach = useCoach(coachId);
  const products = useCoachProducts(coachId, page, PAGE_SIZE);
  const unknown =
    (isApiError(coach.error) && [400, 404].includes(coach.error.status)) ||
    (isApiError(products.error) && [400, 404].includes(products.error.status));
  if (unknown) {
    return (
      <main className="page" id="main">
        <header className="page-head">
          <h1 className="page-head__title">{t('shop.all.coachNotFound')}</h1>
        </header>
        <Link className="btn btn--primary btn--md" to="/productAll">
          {t('shop.all.showAll')}
        </Link>
      </main>
    );
  }
  return (
    <main className="page" id="main">
      <header className="page-head">
        <h1 className="page-head__title">
          {coach.data ? t('shop.all.coachTitle', { name: coach.data.name }) : t('shop.all.title')}
        </h1>
        {coach.data?.position && <p className="page-head__lead">{coach.data.position}</p>}
        <Link to="/productAll">{t('shop.all.showAll')}</Link>
      </header>
      <ProductPage query={products} page={page} onPage={setPage} />
    </main>
  );
}

function ProductPage({
  query,
  page,
  onPage,
}: {
  query: { isPending: boolean; isError: boolean; data?: Page<Product>; refetch: () => unknown };
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <Spinner label={t('shop.loading')} />;
  if (query.isError || !query.data) {
    return (
      <div className="grid-status">
        <Alert>{t('home.productsError')}</Alert>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('shop.retry')}
        </Button>
      </div>
    );
  }
  if (query.data.items.length === 0) return <p className="grid-status">{t('home.productsEmpty')}</p>;
  return (
    <>
      <ProductCards products={query.data.items} />
      <ShopPager page={page} pageSize={PAGE_SIZE} total={query.data.total} onPage={onPage} />
    </>
  );
}
