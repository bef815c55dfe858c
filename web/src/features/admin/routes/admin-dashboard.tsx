import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStaffStore } from '@/stores/staff-store';
import { useUsers } from '../api/get-users';
import '../i18n';

const COUNT_ONLY = {
  q: '',
  status: '',
  membershipCode: '',
  page: 1,
  pageSize: 1,
  sort: '-createdAt',
} as const;

/** /admin/ — the back office's first page: who is signed in, a few numbers, where to go. */
export function AdminDashboardRoute() {
  const { t } = useTranslation();
  const staff = useStaffStore((s) => s.staff);
  const all = useUsers(COUNT_ONLY);
  const premium = useUsers({ ...COUNT_ONLY, status: 'Premium' });
  return (
    <>
      <h1 className="admin__heading">{t('admin.dashboard.title')}</h1>
      {staff && <p className="admin__lead">{t('admin.dashboard.welcome', { name: staff.name })}</p>}
      <div className="stat-grid">
        <Link to="/admin/user" className="stat">
          <span className="stat__label">{t('admin.dashboard.users')}</span>
          <span className="stat__value" data-testid="stat-users">
            {all.data?.total ?? '–'}
          </span>
        </Link>
        <Link to="/admin/user" className="stat">
          <span className="stat__label">{t('admin.dashboard.premium')}</span>
          <span className="stat__value">{premium.data?.total ?? '–'}</span>
        </Link>
        <Link to="/admin/deliveries" className="stat">
          <span className="stat__label">{t('admin.menu.items.deliveries')}</span>
          <span className="stat__value stat__value--link">{t('admin.dashboard.open')}</span>
        </Link>
      </div>
    </>
  );
}
