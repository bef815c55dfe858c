import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Column } from '@/components/ui/data-table';
import { SelectField } from '@/components/ui/select-field';
import { StaffListPage } from '@/components/ui/staff-list-page';
import type { ListParams } from '@/hooks/use-list-params';
import { useStaffList } from '@/hooks/use-staff-list';
import { formatDateTime } from '@/lib/format';
import { MEMBERSHIP_CODES } from '@/lib/membership-codes';
import { useLanguageStore } from '@/stores/language-store';
import type { AdminUserSort, MembershipCode, User, UserStatus } from '@/types/api';
import { useUsers } from '../api/get-users';
import { useDeviceFlags } from '../api/watch-stats';
import { UserDetailDialog } from '../components/user-detail-dialog';
import { USER_STATUSES } from '../lib/user-options';
import '../i18n';
import '../i18n-watch';

const SORTS: readonly AdminUserSort[] = [
  '-createdAt',
  'createdAt',
  'email',
  '-email',
  'memberCode',
  '-memberCode',
  'lastName',
  '-lastName',
];
type Filters = { status: string; membershipCode: string };

const statusOf = (f: Filters) =>
  (USER_STATUSES as readonly string[]).includes(f.status) ? (f.status as UserStatus) : '';
const codeOf = (f: Filters) =>
  (MEMBERSHIP_CODES as readonly string[]).includes(f.membershipCode)
    ? (f.membershipCode as MembershipCode)
    : '';
const useUserItems = (params: ListParams<AdminUserSort>, filters: Filters) =>
  useUsers({ ...params, status: statusOf(filters), membershipCode: codeOf(filters) });

/** /admin/user — search, filter, sort and page through the members; a row opens the member. */
export function AdminUsersRoute() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  // the list's state lives in the address: shareable, and Back returns to the same page
  const list = useStaffList({
    sorts: SORTS,
    defaultSort: '-createdAt',
    filterKeys: ['status', 'membershipCode'],
    useItems: useUserItems,
  });
  // issue 14: accounts seen on many devices or addresses today (a flag for staff, not a ban)
  const devices = useDeviceFlags();
  const flags = new Map((devices.data?.items ?? []).map((f) => [f.userId, f]));

  const columns: Column<User>[] = [
    {
      key: 'memberCode',
      label: t('admin.users.columns.memberCode'),
      sortField: 'memberCode',
      render: (u) => u.memberCode,
    },
    {
      key: 'email',
      label: t('admin.users.columns.email'),
      sortField: 'email',
      className: 'table__nowrap',
      render: (u) => u.email,
    },
    {
      key: 'name',
      label: t('admin.users.columns.name'),
      sortField: 'lastName',
      render: (u) => (
        <>
          {u.firstName} {u.lastName}
          {u.nickname && <span className="table__sub">{u.nickname}</span>}
        </>
      ),
    },
    {
      key: 'phone',
      label: t('admin.users.columns.phone'),
      className: 'table__nowrap',
      render: (u) => u.phone,
    },
    {
      key: 'status',
      label: t('admin.users.columns.status'),
      render: (u) => <span className={`badge badge--status-${u.status.toLowerCase()}`}>{u.status}</span>,
    },
    {
      key: 'codes',
      label: t('admin.users.columns.codes'),
      render: (u) => u.membershipCodes.join(', ') || '–',
    },
    {
      key: 'devices',
      label: t('watchAdmin.devices.column'),
      render: (u) => {
        const flag = flags.get(u.id);
        if (!flag) return '–';
        const detail = t('watchAdmin.devices.flagTitle', {
          devices: flag.devices,
          ips: flag.ips,
          takeOvers: flag.takeOvers,
        });
        return (
          <span className="badge badge--flag" title={detail} data-testid="users-device-flag">
            {t('watchAdmin.devices.flag')}
            <span className="sr-only"> ({detail})</span>
          </span>
        );
      },
    },
    {
      key: 'createdAt',
      label: t('admin.users.columns.createdAt'),
      sortField: 'createdAt',
      className: 'table__nowrap',
      render: (u) => formatDateTime(u.createdAt, language),
    },
  ];

  return (
    <StaffListPage
      list={list}
      testId="users"
      title={t('admin.users.title')}
      searchLabel={t('admin.users.search')}
      searchHint={t('admin.users.searchHint')}
      emptyText={t('admin.users.empty')}
      filters={
        <>
          <SelectField
            label={t('admin.users.status')}
            value={statusOf(list.filters)}
            onChange={(e) => list.setFilters({ status: e.target.value })}
            data-testid="users-status"
          >
            <option value="">{t('admin.users.allStatuses')}</option>
            {USER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('admin.users.membership')}
            value={codeOf(list.filters)}
            onChange={(e) => list.setFilters({ membershipCode: e.target.value })}
            data-testid="users-membership"
          >
            <option value="">{t('admin.users.allCodes')}</option>
            {MEMBERSHIP_CODES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectField>
        </>
      }
      columns={columns}
      rowTestId={() => 'users-row'}
      rowActions={{
        label: t('admin.users.columns.actions'),
        // the member's page: details, codes and their history (no create or delete here)
        edit: {
          label: t('admin.users.view'),
          testId: 'users-view',
          ariaLabel: (u) => t('admin.users.viewUser', { email: u.email }),
        },
        // the member's viewing (DetailByUser, issue 14)
        extra: (u) => (
          <Link
            className="btn btn--secondary btn--sm"
            to={`/admin/user/${encodeURIComponent(u.id)}/watch`}
            aria-label={t('watchAdmin.member.linkFor', { email: u.email })}
            data-testid="users-watch"
          >
            {t('watchAdmin.member.link')}
          </Link>
        ),
      }}
      dialog={(user, close) => user && <UserDetailDialog userId={user.id} onClose={close} />}
    />
  );
}
