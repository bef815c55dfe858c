import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/layout/logo';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { LogoutIcon, MenuIcon } from '@/components/ui/icons';
import type { User } from '@/types/api';
import { CourseSwitcher } from './course-switcher';
import { MemberSidePanel } from './member-side-panel';
import '@/styles/side-menu.css';
import '../member.css';

/**
 * Spec 01 §2 member layout: side panel (a drawer on phones), top bar with breadcrumbs and the
 * course switcher, the page.
 */
export function MemberLayout({ user, title, children }: { user: User; title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const [drawer, setDrawer] = useState(false);
  return (
    <div className="member">
      <aside className="member__side">
        <div className="member__logo">
          <Logo />
        </div>
        <MemberSidePanel user={user} />
      </aside>
      <div className="member__body">
        <header className="member__bar">
          <Dialog open={drawer} onOpenChange={setDrawer}>
            <DialogTrigger className="icon-btn member__menu-btn" aria-label={t('nav.openMenu')}>
              <MenuIcon />
            </DialogTrigger>
            <DialogContent
              variant="drawer"
              className="drawer--light"
              title={t('member.title')}
              description={t('member.menuLabel')}
              closeLabel={t('nav.closeMenu')}
            >
              <MemberSidePanel user={user} onNavigate={() => setDrawer(false)} />
            </DialogContent>
          </Dialog>
          <nav className="member__crumbs" aria-label="breadcrumb">
            <Link to="/member">{t('member.title')}</Link>
            <span aria-hidden="true">/</span>
            <span aria-current="page">{title}</span>
          </nav>
          <div className="member__tools">
            <CourseSwitcher />
            <LanguageSwitch />
            <Link
              to="/logout"
              className="icon-btn"
              aria-label={t('header.logout')}
              title={t('header.logout')}
            >
              <LogoutIcon />
            </Link>
          </div>
        </header>
        <main className="member__main" id="main">
          {children}
        </main>
      </div>
    </div>
  );
}
