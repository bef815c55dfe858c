import { useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { Logo } from '@/components/layout/logo';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { MenuIcon } from '@/components/ui/icons';
import { useStaffStore } from '@/stores/staff-store';
import { AdminMenu } from './admin-menu';
import { OrdersWaitingBadge } from './orders-waiting-badge';
import '@/styles/side-menu.css';
import '../admin.css';
import '../i18n';

/**
 * The back office frame (spec 01 §2 admin layout): side menu (a drawer on phones), top bar, page.
 * Guard (spec 01 §6): /admin without a staff session shows the staff login; any other admin page
 * sends the visitor to /logout. The services check the token again on every call.
 */
export function AdminLayout() {
  const token = useStaffStore((s) => s.token);
  const { pathname } = useLocation();
  if (!token) {
    const isIndex = /^\/admin\/?$/.test(pathname);
    return <Navigate to={isIndex ? '/admin/login' : '/logout'} replace />;
  }
  return <AdminFrame />;
}

function AdminFrame() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const staff = useStaffStore((s) => s.staff);
  const [drawer, setDrawer] = useState(false);

  function logout() {
    useStaffStore.getState().clear();
    queryClient.removeQueries({ queryKey: ['admin'] });
    void navigate('/admin/login');
  }

  return (
    <div className="admin-app">
      <aside className="admin-app__side">
        <div className="admin-app__logo">
          <Logo to="/admin/" />
        </div>
        <AdminMenu onLogout={logout} />
      </aside>
      <div className="admin-app__body">
        <header className="admin-app__bar">
          <Dialog open={drawer} onOpenChange={setDrawer}>
            <DialogTrigger
              className="icon-btn admin-app__menu-btn"
              aria-label={t('nav.openMenu')}
              data-testid="admin-open-menu"
            >
              <MenuIcon />
            </DialogTrigger>
            <DialogContent
              variant="drawer"
              className="drawer--light"
              title={t('admin.title')}
              description={t('admin.menu.label')}
              closeLabel={t('nav.closeMenu')}
            >
              <AdminMenu onNavigate={() => setDrawer(false)} onLogout={logout} />
            </DialogContent>
          </Dialog>
          <span className="admin__title">{t('admin.title')}</span>
          <div className="admin__actions">
            <OrdersWaitingBadge />
            {staff && (
              <span className="admin__who" data-testid="admin-who">
                {t('admin.signedIn', { name: staff.name, role: staff.role })}
              </span>
            )}
            <LanguageSwitch />
          </div>
        </header>
        <main className="admin-app__main" id="main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
