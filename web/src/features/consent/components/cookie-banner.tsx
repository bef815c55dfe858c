import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useConsentStore } from '../stores/consent-store';

/** Fixed at the bottom until a choice is stored (spec 01 §2, cookie banner). */
export function CookieBanner() {
  const { t } = useTranslation();
  const consent = useConsentStore((s) => s.consent);
  const setConsent = useConsentStore((s) => s.setConsent);
  if (consent !== null) return null;
  return (
    <section className="cookie-banner" role="region" aria-label={t('cookie.label')}>
      <p className="cookie-banner__text">
        {t('cookie.text')}{' '}
        <a href="/privacy-policy" target="_blank" rel="noopener noreferrer">
          {t('cookie.privacy')}
          <span className="sr-only"> {t('cookie.newTab')}</span>
        </a>{' '}
        {t('cookie.and')}{' '}
        <a href="/terms-and-condition" target="_blank" rel="noopener noreferrer">
          {t('cookie.terms')}
          <span className="sr-only"> {t('cookie.newTab')}</span>
        </a>
      </p>
      <div className="cookie-banner__actions">
        <Button variant="secondary" size="sm" data-testid="cookie-decline" onClick={() => setConsent(false)}>
          {t('cookie.decline')}
        </Button>
        <Button variant="accent" size="sm" data-testid="cookie-agree" onClick={() => setConsent(true)}>
          {t('cookie.agree')}
        </Button>
      </div>
    </section>
  );
}
