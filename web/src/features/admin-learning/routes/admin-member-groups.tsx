import { useTranslation } from 'react-i18next';
import type { MemberGroupStaff } from '@rian/proto-contracts/learning-groups';
import type { Column } from '@/components/ui/data-table';
import { SelectField } from '@/components/ui/select-field';
import { StaffListPage } from '@/components/ui/staff-list-page';
import type { ListParams } from '@/hooks/use-list-params';
import { useStaffList } from '@/hooks/use-staff-list';
import { useCourseOptions } from '../api/content';
import {
  MEMBER_GROUP_SORTS,
  useDeleteMemberGroup,
  useMemberGroupsAdmin,
  type MemberGroupSort,
} from '../api/groups';
import { MemberGroupDialog } from '../components/member-group-dialog';
import '../learning-admin.css';
import '../i18n';
import '../i18n-groups';

const useItems = (params: ListParams<MemberGroupSort>, filters: { course: string }) =>
  useMemberGroupsAdmin(params, filters.course);

/** /admin/memberGroup — a course's Facebook and LINE groups (spec 02 §3 "Member group"). */
export function AdminMemberGroupsRoute() {
  const { t } = useTranslation();
  const courses = useCourseOptions();
  const list = useStaffList({
    sorts: MEMBER_GROUP_SORTS,
    defaultSort: '-createdAt',
    filterKeys: ['course'],
    useItems,
    useRemove: useDeleteMemberGroup,
  });
  const courseTitle = (id: string) => courses.data?.items.find((c) => c.id === id)?.title ?? '–';
  const qr = (file: string | null, alt: string) =>
    file ? <img className="catalog-thumb" src={`/api/qr/${encodeURIComponent(file)}`} alt={alt} /> : '–';

  const columns: Column<MemberGroupStaff>[] = [
    {
      key: 'name',
      label: t('groupsAdmin.groups.name'),
      sortField: 'name',
      className: 'learning-admin__name',
      render: (g) => (
        <>
          <span data-testid="member-group-row-name">{g.name}</span>
          <span className="table__sub">{courseTitle(g.courseId)}</span>
        </>
      ),
    },
    {
      key: 'type',
      label: t('groupsAdmin.groups.type'),
      className: 'table__nowrap',
      render: (g) => t(`groupsAdmin.types.${g.type}`),
    },
    {
      key: 'url',
      label: t('groupsAdmin.groups.url'),
      className: 'learning-url-cell',
      render: (g) => (
        <a href={g.url} target="_blank" rel="noopener noreferrer">
          {g.url}
        </a>
      ),
    },
    { key: 'qr', label: t('groupsAdmin.groups.qr'), render: (g) => qr(g.qr, t('groupsAdmin.groups.qr')) },
    {
      key: 'qrManual',
      label: t('groupsAdmin.groups.qrManual'),
      render: (g) => qr(g.qrManual, t('groupsAdmin.groups.qrManual')),
    },
    {
      key: 'hidden',
      label: t('groupsAdmin.groups.shown'),
      className: 'table__nowrap',
      render: (g) => (
        <span className={`badge badge--${g.hidden === 'N' ? 'sent' : 'pending'}`}>
          {t(g.hidden === 'N' ? 'groupsAdmin.groups.visible' : 'groupsAdmin.groups.hiddenBadge')}
        </span>
      ),
    },
  ];

  return (
    <StaffListPage
      list={list}
      testId="member-groups"
      title={t('groupsAdmin.groups.title')}
      newLabel={t('groupsAdmin.groups.new')}
      searchLabel={t('learningAdmin.search')}
      searchHint={t('groupsAdmin.groups.searchHint')}
      emptyText={t('groupsAdmin.groups.empty')}
      filters={
        <SelectField
          label={t('groupsAdmin.course')}
          value={list.filters.course}
          onChange={(e) => list.setFilters({ course: e.target.value })}
          data-testid="member-groups-course-filter"
        >
          <option value="">{t('groupsAdmin.anyCourse')}</option>
          {courses.data?.items.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </SelectField>
      }
      columns={columns}
      rowActions={{
        label: t('learningAdmin.actions'),
        edit: {
          label: t('learningAdmin.edit'),
          testId: 'member-group-edit',
          ariaLabel: (g) => t('learningAdmin.editOf', { name: g.name }),
        },
        remove: {
          label: t('learningAdmin.delete'),
          testId: 'member-group-delete',
          ariaLabel: (g) => t('learningAdmin.deleteOf', { name: g.name }),
        },
      }}
      dialog={(group, close) => (
        <MemberGroupDialog group={group} courseId={list.filters.course} onClose={close} />
      )}
      confirmDelete={{
        title: t('groupsAdmin.groups.deleteTitle'),
        description: (g) => t('groupsAdmin.groups.deleteText', { name: g.name }),
        confirmLabel: t('learningAdmin.delete'),
      }}
    />
  );
}
