import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useAuthStore } from '@/stores/auth-store';
import { ProductGrid } from '@/features/catalog/components/product-grid';
import { CoachStrip } from '@/features/catalog/components/coach-strip';
import { useAuthDialogStore } from '@/features/auth/stores/auth-dialog-store';

export function HomeRoute() {
  const { t } = useTranslation();
  const loggedIn = useAuthStore((s) => Boolean(s.token));
  const openRegister = useAuthDialogStore((s) => s.openRegister);
  return (
    <main id="main">
      <section className="hero">
        <div className="container hero__inner">
          <p className="hero__eyebrow">{t('home.eyebrow')}</p>
          <h1 className="hero__title">{t('home.heroTitle')}</h1>
          <p className="hero__text">{t('home.heroText')}</p>
          <div className="hero__actions">
            <Button asChild variant="accent" size="lg">
              <a href="#courses">{t('home.heroCta')}</a>
            </Button>
            {!loggedIn && (
              <Button variant="outline-light" size="lg" onClick={() => openRegister()}>
                {t('home.heroSecondary')}
              </Button>
            )}
          </div>
        </div>
      </section>
      <section className="container section" id="courses" aria-labelledby="courses-title">
        <h2 className="section__title" id="courses-title">
          {t('home.productsTitle')}
        </h2>
        <ProductGrid />
      </section>
      <CoachStrip />
    </main>
  );
}
