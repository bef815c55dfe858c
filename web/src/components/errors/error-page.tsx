import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotFound } from './not-found';

const RELOAD_KEY = 'rian.chunkReloadAt';

/** A route chunk that fails to load usually means a new deploy: reload, at most once a minute (spec 01 §8). */
function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(
    message,
  );
}

function reloadAtMostOncePerMinute(): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
    if (Date.now() - last < 60_000) return false;
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

export function ErrorPage() {
  const { t } = useTranslation();
  return (
    <main className="status-page" id="main">
      <h1 className="status-page__title">{t('error.title')}</h1>
      <p className="status-page__text">{t('error.text')}</p>
      {/* a plain link: the router state may be the broken part */}
      <a className="btn btn--primary btn--md" href="/">
        {t('error.home')}
      </a>
    </main>
  );
}

/** errorElement of the root route. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    if (chunk) reloadAtMostOncePerMinute();
  }, [chunk]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <ErrorPage />;
}
