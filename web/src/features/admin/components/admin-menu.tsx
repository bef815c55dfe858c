import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GridIcon, LogoutIcon } from '@/components/ui/icons';
import type { MessageKey } from '@/lib/message';

type Item = { key: string; label: MessageKey; to: string; ready?: boolean };
type Group = { key: string; label: MessageKey; items: Item[] };

/**
 * Spec 01 §2 admin layout side menu. Pages of later issues are listed disabled ("coming soon") so the
 * back office shows its final shape; the delivery log is ours (issue 2) and sits under System.
 */
export const ADMIN_MENU: Group[] = [
  {
    key: 'member',
    label: 'admin.menu.groups.member',
    items: [
      { key: 'user', label: 'admin.menu.items.user', to: '/admin/user', ready: true },
      { key: 'coach', label: 'admin.menu.items.coach', to: '/admin/coach', ready: true },
      { key: 'instructor', label: 'admin.menu.items.instructor', to: '/admin/instructor', ready: true },
      { key: 'personnel', label: 'admin.menu.items.personnel', to: '/admin/personnel', ready: true },
    ],
  },
  {
    key: 'course',
    label: 'admin.menu.groups.course',
    items: [
      { key: 'courses', label: 'admin.menu.items.courses', to: '/admin/courses', ready: true },
      { key: 'userCourse', label: 'admin.menu.items.userCourse', to: '/admin/userCourse', ready: true },
      {
        key: 'userChecking',
        label: 'admin.menu.items.userChecking',
        to: '/admin/userChecking',
        ready: true,
      },
      {
        key: 'userBook',
        label: 'admin.menu.items.userBook',
        to: '/admin/userCourseBooking',
        ready: true,
      },
    ],
  },
  {
    key: 'product',
    label: 'admin.menu.groups.product',
    items: [
      { key: 'product', label: 'admin.menu.items.product', to: '/admin/product', ready: true },
      { key: 'packages', label: 'admin.menu.items.packages', to: '/admin/packages', ready: true },
      {
        key: 'patternPayment',
        label: 'admin.menu.items.patternPayment',
        to: '/admin/patternPayment',
        ready: true,
      },
    ],
  },
  {
    key: 'order',
    label: 'admin.menu.groups.order',
    items: [
      {
        key: 'ordersConfirm',
        label: 'admin.menu.items.ordersConfirm',
        to: '/admin/ordersConfirm',
        ready: true,
      },
      { key: 'orders', label: 'admin.menu.items.orders', to: '/admin/orders', ready: true },
      { key: 'affiliate', label: 'admin.menu.items.affiliate', to: '/admin/affiliate', ready: true },
    ],
  },
  {
    key: 'discount',
    label: 'admin.menu.groups.discount',
    items: [{ key: 'coupon', label: 'admin.menu.items.coupon', to: '/admin/coupon', ready: true }],
  },
  {
    key: 'group',
    label: 'admin.menu.groups.group',
    items: [
      { key: 'memberGroup', label: 'admin.menu.items.memberGroup', to: '/admin/memberGroup', ready: true },
      {
        key: 'confirmGroup',
        label: 'admin.menu.items.confirmGroup',
        to: '/admin/memberGroupUser',
        ready: true,
      },
    ],
  },
  {
    key: 'bank',
    label: 'admin.menu.groups.bank',
    items: [{ key: 'bookBank', label: 'admin.menu.items.bookBank', to: '/admin/bookbank', ready: true }],
  },
  {
    key: 'media',
    label: 'admin.menu.groups.media',
    items: [
      { key: 'zoom', label: 'admin.menu.items.zoom', to: '/admin/zoom', ready: true },
      { key: 'video', label: 'admin.menu.items.video', to: '/admin/video', ready: true },
      {
        key: 'liveStreaming',
        label: 'admin.menu.items.liveStreaming',
        to: '/admin/liveStreaming',
        ready: true,
      },
      { key: 'document', label: 'admin.menu.items.document', to: '/admin/document', ready: true },
    ],
  },
  {
    key: 'system',
    label: 'admin.menu.groups.system',
    items: [
      { key: 'deliveries', label: 'admin.menu.items.deliveries', to: '/admin/deliveries', ready: true },
    ],
  },
];

export function AdminMenu({ onNavigate, onLogout }: { onNavigate?: () => void; onLogout: () => void }) {
  const { t } = useTranslation();
  return (
    <nav className="admin-menu" aria-label={t('admin.menu.label')}>
      <NavLink to="/admin/" end className="side-menu__link" onClick={onNavigate}>
        <GridIcon width={18} height={18} />
        {t('admin.menu.dashboard')}
      </NavLink>
      {ADMIN_MENU.map((group) => (
        <section key={group.key} className="admin-menu__group" aria-labelledby={`admin-menu-${group.key}`}>
          <h2 className="admin-menu__title" id={`admin-menu-${group.key}`}>
            {t(group.label)}
          </h2>
          <ul className="side-menu">
            {group.items.map((item) => (
              <li key={item.key}>
                {item.ready ? (
                  <NavLink to={item.to} className="side-menu__link" onClick={onNavigate}>
                    {t(item.label)}
                  </NavLink>
                ) : (
                  <span className="side-menu__link is-disabled" aria-disabled="true">
                    {t(item.label)}
                    <span className="side-menu__soon">{t('admin.menu.soon')}</span>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
      <button type="button" className="side-menu__link side-menu__logout" onClick={onLogout}>
        <LogoutIcon width={18} height={18} />
        {t('admin.logout')}
      </button>
    </nav>
  );
}
