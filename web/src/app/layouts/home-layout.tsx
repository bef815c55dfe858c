import { NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/layout/logo';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { ProductSearch } from '@/features/catalog/components/product-search';
import { AuthControls } from '@/features/auth/components/auth-controls';
import { AuthDialogs } from '@/features/auth/components/auth-dialogs';
import { AuthUrlEffects } from '@/features/auth/components/auth-url-effects';
import { CookieBanner } from '@/features/consent/components/cookie-banner';
import { MobileDrawer } from './mobile-drawer';
import { RouteProgress } from './route-progress';
import { Footer } from './footer';
import { NAV_ITEMS } from './nav-items';

/** The public shell (spec 01 §2, home layout): header, page, footer, cookie banner, auth dialogs. */
export function HomeLayout() {
  const { t } = useTranslation();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <RouteProgress />
      <header className="header">
        <div className="container header__inner">
          <MobileDrawer />
          <Logo />
          <nav className="header__nav" aria-label={t('nav.label')}>
            {NAV_ITEMS.map((item) => (
              <NavLink key={item.to} to={item.to} className="header__link">
                {t(item.label)}
              </NavLink>
            ))}
          </nav>
          <div className="header__search">
            <ProductSearch />
          </div>
          <div className="header__tools">
            <LanguageSwitch />
            <AuthControls />
          </div>
        </div>
      </header>
      {/* at least a screen tall: the footer starts below the fold, so a page's content arriving
          (lazy route, then its data) never pushes a visible footer down (layout shift) */}
      <div className="shell__page">
        <Outlet />
      </div>
      <Footer />
      <CookieBanner />
      <AuthDialogs />
      <AuthUrlEffects />
    </div>
  );
}
