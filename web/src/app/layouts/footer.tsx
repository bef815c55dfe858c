import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <div className="container footer__inner">
        <p>{t('footer.rights', { year: new Date().getFullYear() })}</p>
        <nav className="footer__links" aria-label="footer">
          <Link to="/course">{t('footer.courses')}</Link>
          <Link to="/privacy-policy">{t('footer.privacy')}</Link>
          <Link to="/terms-and-conditions">{t('footer.terms')}</Link>
        </nav>
      </div>
    </footer>
  );
}
