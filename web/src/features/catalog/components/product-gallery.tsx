import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@/types/api';
import { productImages } from '../lib/media';
import { initialOf } from '../lib/initial';
import '../i18n';

/** The product's pictures (img_slide, img, img_coures): one large, the others as thumbnails to choose. */
export function ProductGallery({ product }: { product: Product }) {
  const { t } = useTranslation();
  const images = productImages(product);
  const [index, setIndex] = useState(0);
  const current = images[Math.min(index, images.length - 1)];
  return (
    <div className="gallery">
      <div className="product-page__media">
        {current ? (
          <img src={current} alt={product.title} data-testid="product-image" />
        ) : (
          <span className="product-card__placeholder" role="img" aria-label={t('product.noImage')}>
            {initialOf(product.title)}
          </span>
        )}
      </div>
      {images.length > 1 && (
        <ul className="gallery__thumbs" aria-label={t('shop.product.gallery')}>
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                className="gallery__thumb"
                aria-pressed={i === index}
                aria-label={t('shop.product.showImage', { n: i + 1 })}
                onClick={() => setIndex(i)}
              >
                <img src={src} alt="" loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
