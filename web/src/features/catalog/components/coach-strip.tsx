import { useTranslation } from 'react-i18next';
import { useCoaches } from '../api/get-coaches';
import { CoachCard } from './coach-card';
import '../i18n';

/**
 * The home page's coaches (spec 01 §2): those with an enabled product, each linking to their courses.
 * Nothing at all while loading, on an error or when there is none: the courses above stay the point.
 */
export function CoachStrip() {
  const { t } = useTranslation();
  const coaches = useCoaches({ pageSize: 12, hasProducts: true });
  const items = coaches.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className="container section" aria-labelledby="coaches-title">
      <h2 className="section__title" id="coaches-title">
        {t('shop.coaches.title')}
      </h2>
      <ul className="coach-strip">
        {items.map((coach) => (
          <li key={coach.id}>
            <CoachCard coach={coach} />
          </li>
        ))}
      </ul>
    </section>
  );
}
