import { useTranslation } from 'react-i18next';
import { useProductCoaches } from '../api/get-product-coaches';
import { CoachCard } from './coach-card';
import '../i18n';

/** The coaches who teach the product, in the order staff linked them. */
export function ProductCoaches({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const coaches = useProductCoaches(productId);
  const items = coaches.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className="product-section" aria-labelledby="product-coaches-title">
      <h2 className="product-section__title" id="product-coaches-title">
        {t('shop.product.coachesTitle')}
      </h2>
      <ul className="coach-strip">
        {items.map((coach) => (
          <li key={coach.id}>
            <CoachCard coach={coach} showDetail />
          </li>
        ))}
      </ul>
    </section>
  );
}
