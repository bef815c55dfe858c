import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CoachStaff } from '@rian/proto-contracts/catalog-content';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { useListParams } from '@/hooks/use-list-params';
import { formatDateTime } from '@/lib/format';
import { useLanguageStore } from '@/stores/language-store';
import { COACH_SORTS, useCoaches, useDeleteCoach } from '../api/coaches';
import { Thumb } from '../components/catalog-image-field';
import { CoachDialog } from '../components/coach-dialog';
import { ConfirmDelete } from '../components/confirm-delete';
import { ListFrame } from '@/components/ui/list-frame';
import '../admin-catalog.css';
import '../i18n';

/** /admin/coach — coaches: search, sort, page; create, edit (with picture), delete. */
export function AdminCoachesRoute() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const list = useListParams({ sorts: COACH_SORTS, defaultSort: 'createdAt' });
  const coaches = useCoaches(list.params);
  const remove = useDeleteCoach();
  const [editing, setEditing] = useState<CoachStaff | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CoachStaff | null>(null);

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
    {
      key: 'actions',
      label: t('catalogAdmin.actions'),
      hideLabel: true,
      className: 'table__actions',
      render: (c) => (
        <>
          <Button variant="secondary" size="sm" onClick={() => setEditing(c)} data-testid="coach-edit">
            {t('catalogAdmin.edit')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setDeleting(c)} data-testid="coach-delete">
            {t('catalogAdmin.delete')}
          </Button>
        </>
      ),
    },
  ];

  return (
    <>
      <ListFrame
        title={t('catalogAdmin.coaches.title')}
        newLabel={t('catalogAdmin.coaches.new')}
        onNew={() => setEditing('new')}
        testId="coaches"
        searchLabel={t('catalogAdmin.search')}
        searchHint={t('catalogAdmin.coaches.searchHint')}
        searchText={list.text}
        onSearchText={list.setText}
        query={coaches}
        page={list.params.page}
        pageSize={list.params.pageSize}
        onPage={list.setPage}
      >
        <DataTable
          columns={columns}
          rows={coaches.data?.items ?? []}
          rowKey={(c) => c.id}
          sort={list.params.sort}
          onSort={list.setSort}
          testId="coaches-table"
        />
      </ListFrame>
      {editing && <CoachDialog coach={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDelete
        target={deleting}
        title={t('catalogAdmin.coaches.deleteTitle')}
        description={(c) => t('catalogAdmin.coaches.deleteText', { name: c.name })}
        onClose={() => setDeleting(null)}
        onConfirm={(c) => remove.mutateAsync(c.id)}
      />
    </>
  );
}
