import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import '../i18n';

/** Admin pages of later issues (and unknown admin addresses). */
export function AdminComingSoonRoute() {
  const { t } = useTranslation();
  return (
    <section className="card admin-empty">
      <h1 className="card__title">{t('admin.comingSoon.title')}</h1>
      <p className="card__text">{t('admin.comingSoon.text')}</p>
      <Link className="btn btn--primary btn--md" to="/admin/">
        {t('admin.menu.dashboard')}
      </Link>
    </section>
  );
}
