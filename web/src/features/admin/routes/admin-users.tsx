import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { SelectField } from '@/components/ui/select-field';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useLanguageStore } from '@/stores/language-store';
import type { AdminUserSort, MembershipCode, UserStatus } from '@/types/api';
import { useUsers, type UserListParams } from '../api/get-users';
import { Pager } from '@/components/ui/pager';
import { SortHeader } from '@/components/ui/sort-header';
import { UserDetailDialog } from '../components/user-detail-dialog';
import { MEMBERSHIP_CODES } from '@/lib/membership-codes';
import { USER_STATUSES } from '../lib/user-options';
import '../i18n';

const PAGE_SIZE = 20;
type SortField = 'memberCode' | 'email' | 'lastName' | 'createdAt';
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

function readParams(search: URLSearchParams): UserListParams {
  const status = search.get('status') ?? '';
  const code = search.get('membershipCode') ?? '';
  const sort = search.get('sort') ?? '';
  return {
    q: search.get('q') ?? '',
    status: (USER_STATUSES as readonly string[]).includes(status) ? (status as UserStatus) : '',
    membershipCode: (MEMBERSHIP_CODES as readonly string[]).includes(code) ? (code as MembershipCode) : '',
    page: Math.max(1, Number(search.get('page')) || 1),
    pageSize: PAGE_SIZE,
    sort: (SORTS as readonly string[]).includes(sort) ? (sort as AdminUserSort) : '-createdAt',
  };
}

/** /admin/user — search, filter, sort and page through the members; a row opens the member. */
export function AdminUsersRoute() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  // the list's state lives in the address: shareable, and Back returns to the same page
  const [search, setSearch] = useSearchParams();
  const params = readParams(search);
  const [text, setText] = useState(params.q);
  const debounced = useDebouncedValue(text, 300);
  const [selected, setSelected] = useState<string | null>(null);
  const users = useUsers(params);

  function update(changes: Partial<UserListParams>) {
    const next = { ...params, ...changes };
    const out = new URLSearchParams();
    if (next.q.trim()) out.set('q', next.q.trim());
    if (next.status) out.set('status', next.status);
    if (next.membershipCode) out.set('membershipCode', next.membershipCode);
    if (next.sort !== '-createdAt') out.set('sort', next.sort);
    if (next.page > 1) out.set('page', String(next.page));
    setSearch(out, { replace: true });
  }

  useEffect(() => {
    if (debounced.trim() !== params.q.trim()) update({ q: debounced, page: 1 });
    // only a settled search text moves the list (the other params are read fresh from the address)
  }, [debounced]);

  const header = (field: SortField, label: string) => (
    <SortHeader
      field={field}
      label={label}
      sort={params.sort}
      onSort={(next) => update({ sort: next as AdminUserSort, page: 1 })}
    />
  );

  return (
    <>
      <h1 className="admin__heading">{t('admin.users.title')}</h1>
      <form className="admin-filter" role="search" noValidate onSubmit={(e) => e.preventDefault()}>
        <TextField
          label={t('admin.users.search')}
          type="search"
          hint={t('admin.users.searchHint')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          data-testid="users-search"
        />
        <SelectField
          label={t('admin.users.status')}
          value={params.status}
          onChange={(e) => update({ status: e.target.value as UserStatus | '', page: 1 })}
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
          value={params.membershipCode}
          onChange={(e) => update({ membershipCode: e.target.value as MembershipCode | '', page: 1 })}
          data-testid="users-membership"
        >
          <option value="">{t('admin.users.allCodes')}</option>
          {MEMBERSHIP_CODES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <Button variant="ghost" onClick={() => void users.refetch()} loading={users.isFetching}>
          {t('admin.refresh')}
        </Button>
      </form>

      {users.isError && <Alert>{problemText(users.error, language)}</Alert>}
      {users.isPending && !users.isError && <Spinner label={t('admin.loading')} />}
      {users.data && users.data.items.length === 0 && (
        <p data-testid="users-empty">{t('admin.users.empty')}</p>
      )}
      {users.data && users.data.items.length > 0 && (
        <div className="table-wrap">
          <table className="table" data-testid="users-table">
            <thead>
              <tr>
                {header('memberCode', t('admin.users.columns.memberCode'))}
                {header('email', t('admin.users.columns.email'))}
                {header('lastName', t('admin.users.columns.name'))}
                <th scope="col">{t('admin.users.columns.phone')}</th>
                <th scope="col">{t('admin.users.columns.status')}</th>
                <th scope="col">{t('admin.users.columns.codes')}</th>
                {header('createdAt', t('admin.users.columns.createdAt'))}
                <th scope="col">
                  <span className="sr-only">{t('admin.users.columns.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.data.items.map((u) => (
                <tr key={u.id} data-testid="users-row">
                  <td>{u.memberCode}</td>
                  <td className="table__nowrap">{u.email}</td>
                  <td>
                    {u.firstName} {u.lastName}
                    {u.nickname && <span className="table__sub">{u.nickname}</span>}
                  </td>
                  <td className="table__nowrap">{u.phone}</td>
                  <td>
                    <span className={`badge badge--status-${u.status.toLowerCase()}`}>{u.status}</span>
                  </td>
                  <td>{u.membershipCodes.join(', ') || '–'}</td>
                  <td className="table__nowrap">{formatDateTime(u.createdAt, language)}</td>
                  <td>
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setSelected(u.id)}
                      aria-label={t('admin.users.viewUser', { email: u.email })}
                      data-testid="users-view"
                    >
                      {t('admin.users.view')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {users.data && (
        <Pager
          page={params.page}
          pageSize={PAGE_SIZE}
          total={users.data.total}
          onPage={(page) => update({ page })}
        />
      )}
      {selected && <UserDetailDialog userId={selected} onClose={() => setSelected(null)} />}
    </>
  );
}
