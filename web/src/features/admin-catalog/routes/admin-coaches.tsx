import { useTranslation } from 'react-i18next';
import type { CoachStaff } from '@rian/proto-contracts/catalog-content';
import type { Column } from '@/components/ui/data-table';
import { StaffListPage } from '@/components/ui/staff-list-page';
import { useStaffList } from '@/hooks/use-staff-list';
import { formatDateTime } from '@/lib/format';
import { useLanguageStore } from '@/stores/language-store';
import { COACH_SORTS, useCoaches, useDeleteCoach } from '../api/coaches';
import { Thumb } from '../components/catalog-image-field';
import { CoachDialog } from '../components/coach-dialog';
import '../admin-catalog.css';
import '../i18n';

/** /admin/coach — coaches: search, sort, page; create, edit (with picture), delete. */
export function AdminCoachesRoute() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const list = useStaffList({
    sorts: COACH_SORTS,
    defaultSort: 'createdAt',
    useItems: useCoaches,
    useRemove: useDeleteCoach,
  });

  const columns: Column<CoachStaff>[] = [
    {
      key: 'img',
      label: t('catalogAdmin.coaches.img'),
      render: (c) => <Thumb kind="coach" value={c.img} alt={c.name} />,
    },
    {
      key: 'name',
      label: t('catalogAdmin.coaches.name'),
      sortField: 'name',
      render: (c) => (
        <>
          {c.name}
          {c.nickname && <span className="table__sub">{c.nickname}</span>}
        </>
      ),
    },
    { key: 'position', label: t('catalogAdmin.coaches.position'), render: (c) => c.position ?? '–' },
    {
      key: 'createdAt',
      label: t('catalogAdmin.createdAt'),
      sortField: 'createdAt',
      render: (c) => formatDateTime(c.createdAt, language),
    },
  ];

  return (
    <StaffListPage
      list={list}
      testId="coaches"
      title={t('catalogAdmin.coaches.title')}
      newLabel={t('catalogAdmin.coaches.new')}
      searchLabel={t('catalogAdmin.search')}
      searchHint={t('catalogAdmin.coaches.searchHint')}
      columns={columns}
      rowActions={{
        label: t('catalogAdmin.actions'),
        edit: { label: t('catalogAdmin.edit'), testId: 'coach-edit' },
        remove: { label: t('catalogAdmin.delete'), testId: 'coach-delete' },
      }}
      dialog={(coach, close) => <CoachDialog coach={coach} onClose={close} />}
      confirmDelete={{
        title: t('catalogAdmin.coaches.deleteTitle'),
        description: (c) => t('catalogAdmin.coaches.deleteText', { name: c.name }),
        confirmLabel: t('catalogAdmin.delete'),
      }}
    />
  );
}
