import { useEffect } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatDay } from '@/lib/format';
import { isApiError } from '@/lib/api-client';
import { useLanguageStore } from '@/stores/language-store';
import { useProductByUrl } from '../api/get-product-by-url';
import { productImageUrl } from '../lib/product-image';
import { ProductPrice } from '../components/product-price';

/**
 * /product/:id? and /product/:name/:id? (spec 01 §2): the product whose url equals name, else id.
 * Unknown → home.
 */
export function ProductRoute() {
  const { name, id } = useParams();
  const url = name ?? id;
  if (!url) return <Navigate to="/" replace />;
  return <ProductView url={url} />;
}

function ProductView({ url }: { url: string }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const navigate = useNavigate();
  const product = useProductByUrl(url);
  const notFound = isApiError(product.error) && product.error.status === 404;

  useEffect(() => {
    if (notFound) void navigate('/', { replace: true });
  }, [notFound, navigate]);

  useEffect(() => {
    if (product.data) document.title = `${product.data.title} · Rian เรียน`;
    return () => {
      document.title = 'Rian เรียน';
    };
  }, [product.data]);

  if (product.isPending || notFound) {
    return (
      <main className="page" id="main">
        <Spinner label={t('product.loading')} />
      </main>
    );
  }
  if (product.isError) {
    return (
      <main className="page" id="main">
        <Alert>{t('product.error')}</Alert>
        <Button variant="secondary" onClick={() => void product.refetch()}>
          {t('home.retry')}
        </Button>
      </main>
    );
  }

  const p = product.data;
  const src = productImageUrl(p.imgCourse ?? p.img);
  const formatKey =
    p.format === 'online' || p.format === 'offline' || p.format === 'hybrid' ? p.format : null;
  return (
    <main className="page product-page" id="main">
      <nav className="breadcrumb" aria-label="breadcrumb">
        <Link to="/">{t('product.back')}</Link>
      </nav>
      <article className="product-page__grid">
        <div className="product-page__media">
          {src ? (
            <img src={src} alt={p.title} />
          ) : (
            <span className="product-card__placeholder" role="img" aria-label={t('product.noImage')}>
              {p.title.slice(0, 1)}
            </span>
          )}
        </div>
        <div className="product-page__info">
          <h1 className="product-page__title">{p.title}</h1>
          {p.subtitle && <p className="product-page__subtitle">{p.subtitle}</p>}
          <ProductPrice price={p.price} was={p.priceUnchanged} large />
          <dl className="facts">
            {(p.start || p.to) && (
              <div>
                <dt>{t('product.dates')}</dt>
                <dd>
                  {[p.start, p.to]
                    .filter((d): d is string => Boolean(d))
                    .map((d) => formatDay(d, language))
                    .join(' – ')}
                </dd>
              </div>
            )}
            {formatKey && (
              <div>
                <dt>{t('product.format')}</dt>
                <dd>{t(`product.formats.${formatKey}`)}</dd>
              </div>
            )}
          </dl>
          {p.detail && <p className="product-page__detail">{p.detail}</p>}
        </div>
      </article>
    </main>
  );
}
