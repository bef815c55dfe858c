import { useTranslation } from 'react-i18next';
import { formatDay } from '@/lib/format';
import { useLanguageStore } from '@/stores/language-store';
import { useProductCurriculum } from '../api/get-product-curriculum';
import '../i18n';

/**
 * What the product's courses are made of (issue 12): the titles, kinds and dates of their viewable
 * sessions, from learning's public read — nothing a member pays for (no video, room or document).
 */
export function ProductCurriculum({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const curriculum = useProductCurriculum(productId);
  const courses = (curriculum.data?.courses ?? []).filter((c) => c.items.length > 0);
  if (courses.length === 0) return null;
  return (
    <section
      className="product-section"
      aria-labelledby="product-curriculum-title"
      data-testid="product-curriculum"
    >
      <h2 className="product-section__title" id="product-curriculum-title">
        {t('shop.product.curriculumTitle')}
      </h2>
      {courses.map((course) => (
        <div key={course.courseId} className="curriculum">
          {courses.length > 1 && <h3 className="curriculum__course">{course.title}</h3>}
          <ol className="curriculum__list">
            {course.items.map((item, i) => (
              <li
                key={`${item.date}-${i}`}
                className="curriculum__item"
                data-testid="product-curriculum-item"
              >
                <span className="curriculum__title">{item.title}</span>
                <span className="curriculum__meta">
                  {t(`shop.product.sessionTypes.${item.type}`)} · {formatDay(item.date, language)}
                </span>
              </li>
            ))}
          </ol>
        </div>
      ))}
    </section>
  );
}
