import { Link } from 'react-router';
import type { Product } from '@/types/api';
import { cardImage } from '../lib/media';
import { initialOf } from '../lib/initial';
import { ProductPrice } from './product-price';

export function ProductCard({ product }: { product: Product }) {
  const src = cardImage(product);
  return (
    <article className="product-card">
      <div className="product-card__media">
        {src ? (
          <img src={src} alt="" loading="lazy" decoding="async" />
        ) : (
          <span className="product-card__placeholder" aria-hidden="true">
            {initialOf(product.title)}
          </span>
        )}
      </div>
      <div className="product-card__body">
        <h3 className="product-card__title">
          {/* the whole card is clickable through this link's ::after */}
          <Link to={`/product/${encodeURIComponent(product.url)}`} className="product-card__link">
            {product.title}
          </Link>
        </h3>
        {product.subtitle && <p className="product-card__subtitle">{product.subtitle}</p>}
        <ProductPrice price={product.price} was={product.priceUnchanged} />
      </div>
    </article>
  );
}
