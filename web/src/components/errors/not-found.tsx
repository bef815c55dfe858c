import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Unknown routes (spec 01 §2) — and a 404 from a route's data. */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <main className="status-page" id="main">
      <h1 className="status-page__title">{t('notFound.title')}</h1>
      <p className="status-page__text">{t('notFound.text')}</p>
      <Link className="btn btn--primary btn--md" to="/">
        {t('notFound.home')}
      </Link>
    </main>
  );
}

export function NotFoundRoute() {
  return <NotFound />;
}
