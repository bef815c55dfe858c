import { useTranslation } from 'react-i18next';
import type { InstructorStaff } from '@rian/proto-contracts/catalog-content';
import type { Column } from '@/components/ui/data-table';
import { StaffListPage } from '@/components/ui/staff-list-page';
import { useStaffList } from '@/hooks/use-staff-list';
import { INSTRUCTOR_SORTS, useDeleteInstructor, useInstructors } from '../api/instructors';
import { Thumb } from '../components/catalog-image-field';
import { InstructorDialog } from '../components/instructor-dialog';
import '../admin-catalog.css';
import '../i18n';

const SOCIAL = ['facebook', 'twitter', 'youtube', 'pinterest', 'linkedin'] as const;

/** /admin/instructor — speakers (hidden ones too): search, sort, page; create, edit, delete. */
export function AdminInstructorsRoute() {
  const { t } = useTranslation();
  const list = useStaffList({
    sorts: INSTRUCTOR_SORTS,
    defaultSort: 'item',
    useItems: useInstructors,
    useRemove: useDeleteInstructor,
  });

  const columns: Column<InstructorStaff>[] = [
    { key: 'item', label: t('catalogAdmin.item'), sortField: 'item', render: (i) => i.item },
    {
      key: 'img',
      label: t('catalogAdmin.instructors.img'),
      render: (i) => <Thumb kind="coach" value={i.img} alt={i.name} />,
    },
    {
      key: 'name',
      label: t('catalogAdmin.instructors.name'),
      sortField: 'name',
      render: (i) => (
        <>
          {i.name}
          {i.hide === 'Y' && (
            <span className="badge badge--failed catalog-badge">{t('catalogAdmin.instructors.hidden')}</span>
          )}
          {i.position && <span className="table__sub">{i.position}</span>}
        </>
      ),
    },
    {
      key: 'social',
      label: t('catalogAdmin.instructors.socialLinks'),
      render: (i) => {
        const links = SOCIAL.filter((s) => i[s]);
        return links.length
          ? links.map((s) => (
              <a key={s} className="catalog-social" href={i[s] ?? undefined} target="_blank" rel="noreferrer">
                {t(`catalogAdmin.instructors.social.${s}`)}
              </a>
            ))
          : '–';
      },
    },
    {
      key: 'months',
      label: t('catalogAdmin.instructors.featuredMonths'),
      render: (i) => i.featuredMonths.join(', ') || '–',
    },
  ];

  return (
    <StaffListPage
      list={list}
      testId="instructors"
      title={t('catalogAdmin.instructors.title')}
      newLabel={t('catalogAdmin.instructors.new')}
      searchLabel={t('catalogAdmin.search')}
      searchHint={t('catalogAdmin.instructors.searchHint')}
      columns={columns}
      rowClassName={(i) => (i.hide === 'Y' ? 'is-disabled' : undefined)}
      rowActions={{
        label: t('catalogAdmin.actions'),
        edit: { label: t('catalogAdmin.edit'), testId: 'instructor-edit' },
        remove: { label: t('catalogAdmin.delete'), testId: 'instructor-delete' },
      }}
      dialog={(instructor, close) => <InstructorDialog instructor={instructor} onClose={close} />}
      confirmDelete={{
        title: t('catalogAdmin.instructors.deleteTitle'),
        description: (i) => t('catalogAdmin.instructors.deleteText', { name: i.name }),
        confirmLabel: t('catalogAdmin.delete'),
      }}
    />
  );
}
