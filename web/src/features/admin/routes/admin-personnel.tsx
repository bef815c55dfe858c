import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import type { Column } from '@/components/ui/data-table';
import { StaffListPage } from '@/components/ui/staff-list-page';
import { useStaffList } from '@/hooks/use-staff-list';
import { formatDateTime } from '@/lib/format';
import { useLanguageStore } from '@/stores/language-store';
import { useStaffStore } from '@/stores/staff-store';
import type { Personnel } from '@/types/api';
import { usePersonnel, type PersonnelParams } from '../api/get-personnel';
import { useDeletePersonnel } from '../api/delete-personnel';
import { PersonnelDialog } from '../components/personnel-dialog';
import '../i18n';

/** /admin/personnel — staff accounts; admins only (the service refuses others too). */
export function AdminPersonnelRoute() {
  const { t } = useTranslation();
  const role = useStaffStore((s) => s.staff?.role);
  if (role !== 'admin') {
    return (
      <>
        <h1 className="admin__heading">{t('admin.personnel.title')}</h1>
        <Alert tone="info">
          <span data-testid="personnel-no-access">{t('admin.personnel.noAccess')}</span>
        </Alert>
      </>
    );
  }
  return <PersonnelList />;
}

/** One order (newest first): the service does not sort personnel. */
const SORTS = ['-createdAt'] as const;
/** the list hook without its options (the scaffold's second argument is the filters) */
const usePersonnelPage = (params: PersonnelParams) => usePersonnel(params);

function PersonnelList() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const me = useStaffStore((s) => s.staff?.id);
  const list = useStaffList({
    sorts: SORTS,
    defaultSort: '-createdAt',
    useItems: usePersonnelPage,
    useRemove: useDeletePersonnel,
  });

  const columns: Column<Personnel>[] = [
    { key: 'username', label: t('admin.personnel.username'), render: (p) => p.username },
    {
      key: 'name',
      label: t('admin.personnel.name'),
      render: (p) => (
        <>
          {p.name} {p.lastName ?? ''}
        </>
      ),
    },
    { key: 'nickname', label: t('form.nickname'), render: (p) => p.nickname ?? '–' },
    { key: 'tel', label: t('form.phone'), className: 'table__nowrap', render: (p) => p.tel ?? '–' },
    { key: 'position', label: t('admin.personnel.position'), render: (p) => p.position ?? '–' },
    { key: 'role', label: t('admin.personnel.role'), render: (p) => t(`admin.personnel.roles.${p.role}`) },
    {
      key: 'state',
      label: t('admin.personnel.state'),
      render: (p) => (
        <span className={p.disabled ? 'badge badge--failed' : 'badge badge--sent'}>
          {p.disabled ? t('admin.personnel.disabled') : t('admin.personnel.active')}
        </span>
      ),
    },
    {
      key: 'createdAt',
      label: t('admin.users.columns.createdAt'),
      className: 'table__nowrap',
      render: (p) => formatDateTime(p.createdAt, language),
    },
  ];

  return (
    <StaffListPage
      list={list}
      testId="personnel"
      title={t('admin.personnel.title')}
      newLabel={t('admin.personnel.new')}
      searchLabel={t('admin.personnel.search')}
      columns={columns}
      sortable={false}
      rowTestId={() => 'personnel-row'}
      rowActions={{
        label: t('admin.users.columns.actions'),
        edit: {
          label: t('admin.personnel.edit'),
          testId: 'personnel-edit',
          ariaLabel: (p) => t('admin.personnel.editOf', { username: p.username }),
        },
        remove: {
          label: t('admin.personnel.delete'),
          testId: 'personnel-delete',
          ariaLabel: (p) => t('admin.personnel.deleteOf', { username: p.username }),
          // a disabled account is already gone; nobody removes their own
          when: (p) => !p.disabled && p.id !== me,
        },
      }}
      dialog={(person, close) => <PersonnelDialog person={person} onClose={close} />}
      confirmDelete={{
        title: t('admin.personnel.deleteTitle'),
        description: (p) => t('admin.personnel.deleteText', { username: p.username }),
        confirmLabel: t('admin.personnel.delete'),
        errorTestId: 'personnel-delete-error',
      }}
    />
  );
}
