import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InstructorStaff } from '@rian/proto-contracts/catalog-content';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { useListParams } from '@/hooks/use-list-params';
import { INSTRUCTOR_SORTS, useDeleteInstructor, useInstructors } from '../api/instructors';
import { Thumb } from '../components/catalog-image-field';
import { ConfirmDelete } from '../components/confirm-delete';
import { InstructorDialog } from '../components/instructor-dialog';
import { ListFrame } from '@/components/ui/list-frame';
import '../admin-catalog.css';
import '../i18n';

const SOCIAL = ['facebook', 'twitter', 'youtube', 'pinterest', 'linkedin'] as const;

/** /admin/instructor — speakers (hidden ones too): search, sort, page; create, edit, delete. */
export function AdminInstructorsRoute() {
  const { t } = useTranslation();
  const list = useListParams({ sorts: INSTRUCTOR_SORTS, defaultSort: 'item' });
  const instructors = useInstructors(list.params);
  const remove = useDeleteInstructor();
  const [editing, setEditing] = useState<InstructorStaff | 'new' | null>(null);
  const [deleting, setDeleting] = useState<InstructorStaff | null>(null);

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
    {
      key: 'actions',
      label: t('catalogAdmin.actions'),
      hideLabel: true,
      className: 'table__actions',
      render: (i) => (
        <>
          <Button variant="secondary" size="sm" onClick={() => setEditing(i)} data-testid="instructor-edit">
            {t('catalogAdmin.edit')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setDeleting(i)} data-testid="instructor-delete">
            {t('catalogAdmin.delete')}
          </Button>
        </>
      ),
    },
  ];

  return (
    <>
      <ListFrame
        title={t('catalogAdmin.instructors.title')}
        newLabel={t('catalogAdmin.instructors.new')}
        onNew={() => setEditing('new')}
        testId="instructors"
        searchLabel={t('catalogAdmin.search')}
        searchHint={t('catalogAdmin.instructors.searchHint')}
        searchText={list.text}
        onSearchText={list.setText}
        query={instructors}
        page={list.params.page}
        pageSize={list.params.pageSize}
        onPage={list.setPage}
      >
        <DataTable
          columns={columns}
          rows={instructors.data?.items ?? []}
          rowKey={(i) => i.id}
          sort={list.params.sort}
          onSort={list.setSort}
          testId="instructors-table"
          rowClassName={(i) => (i.hide === 'Y' ? 'is-disabled' : undefined)}
        />
      </ListFrame>
      {editing && (
        <InstructorDialog instructor={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDelete
        target={deleting}
        title={t('catalogAdmin.instructors.deleteTitle')}
        description={(i) => t('catalogAdmin.instructors.deleteText', { name: i.name })}
        onClose={() => setDeleting(null)}
        onConfirm={(i) => remove.mutateAsync(i.id)}
      />
    </>
  );
}
