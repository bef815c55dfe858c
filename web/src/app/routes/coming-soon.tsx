import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';

const PAGES = {
  aboutus: 'comingSoon.pages.aboutus',
  speakers: 'comingSoon.pages.speakers',
  productAll: 'comingSoon.pages.productAll',
  pricing: 'comingSoon.pages.pricing',
  'privacy-policy': 'comingSoon.pages.privacyPolicy',
  'terms-and-condition': 'comingSoon.pages.terms',
  'terms-and-conditions': 'comingSoon.pages.terms',
} as const;

/** Placeholder for the information pages that are not built yet. */
export function ComingSoonRoute() {
  const { t } = useTranslation();
  const segment = useLocation().pathname.split('/')[1] ?? '';
  const page = PAGES[segment as keyof typeof PAGES];
  return (
    <main className="status-page" id="main">
      {page && <p className="status-page__eyebrow">{t(page)}</p>}
      <h1 className="status-page__title">{t('comingSoon.title')}</h1>
      <p className="status-page__text">{t('comingSoon.text')}</p>
      <Link className="btn btn--primary btn--md" to="/">
        {t('comingSoon.home')}
      </Link>
    </main>
  );
}
