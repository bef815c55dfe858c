import { useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatDay } from '@/lib/format';
import { isApiError } from '@/lib/api-client';
import { useLanguageStore } from '@/stores/language-store';
import type { Price, Product } from '@/types/api';
import { useProductByUrl } from '../api/get-product-by-url';
import { ProductPrice } from '../components/product-price';
import { ProductGallery } from '../components/product-gallery';
import { ProductTabs } from '../components/product-tabs';
import { ProductCoaches } from '../components/product-coaches';
import { ProductCurriculum } from '../components/product-curriculum';
import { ProductBankAccounts } from '../components/product-bank-accounts';
import { MemberPrices } from '../components/member-prices';
import '../catalog.css';
import '../i18n';

export type ShopRouteProps = {
  /** opens the login dialog (the app wires it: features do not import each other) */
  onLogin?: () => void;
};

/** What "buy now" starts from: the product and the member's chosen price (null: none chosen). */
export type BuyChoice = { product: Product; price: Price | null };

export type ProductRouteProps = ShopRouteProps & {
  /** the buy button: checkout is another feature, so the app layer renders it into the page */
  buyNow?: (choice: BuyChoice) => ReactNode;
};

/**
 * /product/:id? and /product/:name/:id (spec 02 §2): the product whose url equals name, else id.
 * No such product → home. (?code= opens the change-password dialog: AuthUrlEffects in the layout.)
 */
export function ProductRoute({ onLogin = () => {}, buyNow }: ProductRouteProps) {
  const { name, id } = useParams();
  const url = name ?? id;
  if (!url) return <Navigate to="/" replace />;
  // a new address is a new product: nothing of the previous one (chosen image, price) carries over
  return <ProductView key={url} url={url} onLogin={onLogin} buyNow={buyNow} />;
}

type ViewProps = { onLogin: () => void; buyNow?: ProductRouteProps['buyNow'] };

function ProductView({ url, onLogin, buyNow }: ViewProps & { url: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const product = useProductByUrl(url);
  const notFound =
    isApiError(product.error) && (product.error.status === 404 || product.error.status === 400);

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
  return <ProductDetail product={product.data} onLogin={onLogin} buyNow={buyNow} />;
}

function ProductDetail({ product: p, onLogin, buyNow }: ViewProps & { product: Product }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const [price, setPrice] = useState<Price | null>(null);
  const formatKey =
    p.format === 'online' || p.format === 'offline' || p.format === 'hybrid' ? p.format : null;
  const days = [p.start, p.to].filter((d): d is string => Boolean(d));
  return (
    <main className="page product-page" id="main" data-testid="product-page">
      <nav className="breadcrumb" aria-label="breadcrumb">
        <Link to="/">{t('product.back')}</Link>
      </nav>
      <article className="product-page__grid">
        <ProductGallery product={p} />
        <div className="product-page__info">
          <h1 className="product-page__title">{p.title}</h1>
          {p.subtitle && <p className="product-page__subtitle">{p.subtitle}</p>}
          <div data-testid="product-price">
            <ProductPrice price={p.price} was={p.priceUnchanged} large />
          </div>
          <dl className="facts">
            {days.length > 0 && (
              <div>
                <dt>{t('product.dates')}</dt>
                <dd>{days.map((d) => formatDay(d, language)).join(' – ')}</dd>
              </div>
            )}
            {formatKey && (
              <div>
                <dt>{t('product.format')}</dt>
                <dd>{t(`product.formats.${formatKey}`)}</dd>
              </div>
            )}
          </dl>
          <MemberPrices productId={p.id} onLogin={onLogin} onChange={setPrice} />
          {buyNow && <div className="product-page__buy">{buyNow({ product: p, price })}</div>}
          {p.detail && <p className="product-page__detail">{p.detail}</p>}
        </div>
      </article>
      <ProductTabs productId={p.id} />
      <ProductCurriculum productId={p.id} />
      <ProductCoaches productId={p.id} />
      <ProductBankAccounts productId={p.id} />
    </main>
  );
}
