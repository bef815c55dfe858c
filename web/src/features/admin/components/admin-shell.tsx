import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { Logo } from '@/components/layout/logo';
import '../admin.css';

export function AdminShell({ actions, children }: { actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="admin">
      <header className="admin__bar">
        <Logo to="/admin/" />
        <span className="admin__title">{t('admin.title')}</span>
        <div className="admin__actions">
          {actions}
          <LanguageSwitch />
        </div>
      </header>
      <main className="admin__main" id="main">
        {children}
      </main>
      <footer className="admin__footer">
        <Link to="/">{t('admin.backToSite')}</Link>
      </footer>
    </div>
  );
}
