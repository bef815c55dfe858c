import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDay, formatTHB } from '@/lib/format';
import { useAuthStore } from '@/stores/auth-store';
import { useLanguageStore } from '@/stores/language-store';
import type { Product } from '@/types/api';
import { useProducts } from '../api/get-products';
import { useProductPrices } from '../api/get-product-prices';
import { ProductPrice } from '../components/product-price';
import { DateRangeText, FeeLabel } from '../components/member-prices';
import { PRICE_TYPE_LABEL, priceDateRange } from '../lib/price-format';
import type { ShopRouteProps } from './product';
import '../catalog.css';
import '../i18n';

/** /pricing: the products with a price list (price_list Y), each with the signed-in member's prices. */
export function PricingRoute({ onLogin = () => {} }: ShopRouteProps) {
  const { t } = useTranslation();
  const signedIn = useAuthStore((s) => Boolean(s.token));
  const products = useProducts({ page: 1, pageSize: 100 });
  const listed = products.data?.items.filter((p) => p.priceList === 'Y') ?? [];
  let body;
  if (products.isPending) body = <Spinner label={t('shop.loading')} />;
  else if (products.isError) {
    body = (
      <div className="grid-status">
        <Alert>{t('home.productsError')}</Alert>
        <Button variant="secondary" onClick={() => void products.refetch()}>
          {t('shop.retry')}
        </Button>
      </div>
    );
  } else if (listed.length === 0) body = <p className="grid-status">{t('shop.pricing.empty')}</p>;
  else {
    body = (
      <ul className="pricing-list">
        {listed.map((product) => (
          <li key={product.id}>
            <PricingCard product={product} signedIn={signedIn} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <main className="page" id="main">
      <header className="page-head">
        <h1 className="page-head__title">{t('shop.pricing.title')}</h1>
        <p className="page-head__lead">{t('shop.pricing.lead')}</p>
      </header>
      {!signedIn && (
        <div className="pricing-login" data-testid="pricing-login-prompt">
          <p>{t('shop.prices.loginPrompt')}</p>
          <Button variant="primary" size="sm" onClick={onLogin}>
            {t('shop.prices.login')}
          </Button>
        </div>
      )}
      {body}
    </main>
  );
}

function PricingCard({ product: p, signedIn }: { product: Product; signedIn: boolean }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const days = [p.start, p.to].filter((d): d is string => Boolean(d));
  return (
    <article className="pricing-card" data-testid="pricing-card">
      <div className="pricing-card__head">
        <h2 className="pricing-card__title">{p.title}</h2>
        {p.subtitle && <p className="pricing-card__subtitle">{p.subtitle}</p>}
        {days.length > 0 && (
          <p className="pricing-card__dates">
            {t('product.dates')}: {days.map((d) => formatDay(d, language)).join(' – ')}
          </p>
        )}
      </div>
      <ProductPrice price={p.price} was={p.priceUnchanged} large />
      {signedIn && <MemberPriceRows productId={p.id} />}
      <Link className="btn btn--primary btn--md" to={`/product/${encodeURIComponent(p.url)}`}>
        {t('shop.pricing.view')}
      </Link>
    </article>
  );
}

function MemberPriceRows({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const prices = useProductPrices(productId);
  if (prices.isPending) return <Spinner label={t('shop.prices.loading')} />;
  if (prices.isError) return null;
  if (prices.data.items.length === 0) return <p className="member-prices__none">{t('shop.prices.none')}</p>;
  return (
    <ul className="pricing-card__prices" aria-label={t('shop.prices.title')}>
      {prices.data.items.map((price) => (
        <li key={price.id} className="price-row">
          <span className={`price-type price-type--${price.type}`}>{t(PRICE_TYPE_LABEL[price.type])}</span>
          <span className="price-row__title">{price.title}</span>
          <span className="price-row__value">{formatTHB(price.value)}</span>
          <DateRangeText range={priceDateRange(price.start, price.to)} />
          <FeeLabel waived={price.fee === 'Y'} />
        </li>
      ))}
    </ul>
  );
}
