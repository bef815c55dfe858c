import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CourseStaff, CourseStatus } from '@rian/proto-contracts/learning';
import { Button } from '@/components/ui/button';
import { ConfirmDelete } from '@/components/ui/confirm-delete';
import { DataTable, type Column } from '@/components/ui/data-table';
import { ListFrame } from '@/components/ui/list-frame';
import { SelectField } from '@/components/ui/select-field';
import { useListParams } from '@/hooks/use-list-params';
import { formatDateTime, formatDay } from '@/lib/format';
import { useLanguageStore } from '@/stores/language-store';
import { COURSE_SORTS, COURSE_STATUSES, useCourses, useDeleteCourse } from '../api/courses';
import { CourseDialog } from '../components/course-dialog';
import '../learning-admin.css';
import '../i18n';

const isStatus = (v: string): v is CourseStatus => (COURSE_STATUSES as readonly string[]).includes(v);

/** /admin/courses — courses (spec 02 §3): search, filter by status, sort, page; create, edit, delete. */
export function AdminCoursesRoute() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const list = useListParams({ sorts: COURSE_SORTS, defaultSort: '-createdAt', filterKeys: ['status'] });
  const status = isStatus(list.filters.status) ? list.filters.status : '';
  const courses = useCourses(list.params, status);
  const remove = useDeleteCourse();
  const [editing, setEditing] = useState<CourseStaff | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CourseStaff | null>(null);

  const columns: Column<CourseStaff>[] = [
    {
      key: 'title',
      label: t('learningAdmin.courses.courseTitle'),
      sortField: 'title',
      render: (c) => (
        <>
          {c.title}
          {c.code && <span className="table__sub">{c.code}</span>}
        </>
      ),
    },
    {
      key: 'status',
      label: t('learningAdmin.courses.status'),
      render: (c) => (
        <span className={`badge badge--${c.status === 'open' ? 'sent' : 'pending'}`} data-status={c.status}>
          {t(`learningAdmin.courses.statuses.${c.status}`)}
        </span>
      ),
    },
    {
      key: 'date',
      label: t('learningAdmin.courses.date'),
      sortField: 'date',
      render: (c) => (c.date ? formatDay(c.date, language) : '–'),
    },
    {
      key: 'liveStreaming',
      label: t('learningAdmin.courses.liveStreaming'),
      render: (c) => (c.liveStreaming === 'Y' ? '✓' : '–'),
    },
    {
      key: 'id',
      label: t('learningAdmin.courses.id'),
      render: (c) => (
        <code className="learning-admin__id" data-testid="course-id-value">
          {c.id}
        </code>
      ),
    },
    {
      key: 'createdAt',
      label: t('learningAdmin.createdAt'),
      sortField: 'createdAt',
      render: (c) => formatDateTime(c.createdAt, language),
    },
    {
      key: 'actions',
      label: t('learningAdmin.actions'),
      hideLabel: true,
      className: 'table__actions',
      render: (c) => (
        <>
          <Button variant="secondary" size="sm" onClick={() => setEditing(c)} data-testid="course-edit">
            {t('learningAdmin.edit')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setDeleting(c)} data-testid="course-delete">
            {t('learningAdmin.delete')}
          </Button>
        </>
      ),
    },
  ];

  return (
    <>
      <ListFrame
        title={t('learningAdmin.courses.title')}
        newLabel={t('learningAdmin.courses.new')}
        onNew={() => setEditing('new')}
        testId="courses"
        searchLabel={t('learningAdmin.search')}
        searchHint={t('learningAdmin.courses.searchHint')}
        searchText={list.text}
        onSearchText={list.setText}
        filters={
          <SelectField
            label={t('learningAdmin.courses.status')}
            value={status}
            onChange={(e) => list.setFilters({ status: e.target.value })}
            data-testid="courses-status-filter"
          >
            <option value="">{t('learningAdmin.courses.anyStatus')}</option>
            {COURSE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`learningAdmin.courses.statuses.${s}`)}
              </option>
            ))}
          </SelectField>
        }
        query={courses}
        page={list.params.page}
        pageSize={list.params.pageSize}
        onPage={list.setPage}
      >
        <DataTable
          columns={columns}
          rows={courses.data?.items ?? []}
          rowKey={(c) => c.id}
          rowTestId={(c) => `course-row-${c.code ?? c.id}`}
          sort={list.params.sort}
          onSort={list.setSort}
          testId="courses-table"
        />
      </ListFrame>
      {editing && (
        <CourseDialog course={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDelete
        target={deleting}
        title={t('learningAdmin.courses.deleteTitle')}
        description={(c) => t('learningAdmin.courses.deleteText', { title: c.title })}
        confirmLabel={t('learningAdmin.delete')}
        onClose={() => setDeleting(null)}
        onConfirm={(c) => remove.mutateAsync(c.id)}
      />
    </>
  );
}
