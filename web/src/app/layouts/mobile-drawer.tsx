import { useState } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { MenuIcon } from '@/components/ui/icons';
import { NAV_ITEMS } from './nav-items';

/** The phone menu (below md): a drawer from the left. */
export function MobileDrawer() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger
        className="icon-btn header__menu-btn"
        aria-label={t('nav.openMenu')}
        data-testid="open-drawer"
      >
        <MenuIcon />
      </DialogTrigger>
      <DialogContent
        variant="drawer"
        title={t('nav.drawerTitle')}
        description={t('nav.drawerDescription')}
        closeLabel={t('nav.closeMenu')}
      >
        <nav aria-label={t('nav.label')}>
          <ul className="drawer__list">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className="drawer__link" onClick={() => setOpen(false)}>
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </DialogContent>
    </Dialog>
  );
}
