import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CourseSort, CourseStaff, CourseStatus } from '@rian/proto-contracts/learning';
import { Button } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { SelectField } from '@/components/ui/select-field';
import { StaffListPage } from '@/components/ui/staff-list-page';
import type { ListParams } from '@/hooks/use-list-params';
import { useStaffList } from '@/hooks/use-staff-list';
import { formatDateTime, formatDay } from '@/lib/format';
import { useLanguageStore } from '@/stores/language-store';
import { COURSE_SORTS, COURSE_STATUSES, useCourses, useDeleteCourse } from '../api/courses';
import { CourseDialog } from '../components/course-dialog';
import { LiveThumb } from '../components/live-image-field';
import '../learning-admin.css';
import '../i18n';

const isStatus = (v: string): v is CourseStatus => (COURSE_STATUSES as readonly string[]).includes(v);
const statusOf = (filters: { status: string }) => (isStatus(filters.status) ? filters.status : '');
const useCourseItems = (params: ListParams<CourseSort>, filters: { status: string }) =>
  useCourses(params, statusOf(filters));

/** /admin/courses — courses (spec 02 §3): search, filter by status, sort, page; create, edit, delete. */
export function AdminCoursesRoute() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const list = useStaffList({
    sorts: COURSE_SORTS,
    defaultSort: '-createdAt',
    filterKeys: ['status'],
    useItems: useCourseItems,
    useRemove: useDeleteCourse,
  });
  const status = statusOf(list.filters);

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
      // the flag, then the live pages' pictures (the posters members see)
      render: (c) => (
        <span className="learning-thumbs" data-testid="course-live-cell">
          {c.liveStreaming === 'Y' ? '✓' : '–'}
          <LiveThumb
            kind="live-streaming"
            value={c.liveStreamingPath}
            alt={t('learningAdmin.courses.liveStreamingImageOf', { title: c.title })}
          />
          <LiveThumb
            kind="live-trade"
            value={c.liveTradePath}
            alt={t('learningAdmin.courses.liveTradeImageOf', { title: c.title })}
          />
        </span>
      ),
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
  ];

  return (
    <StaffListPage
      list={list}
      testId="courses"
      title={t('learningAdmin.courses.title')}
      newLabel={t('learningAdmin.courses.new')}
      searchLabel={t('learningAdmin.search')}
      searchHint={t('learningAdmin.courses.searchHint')}
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
      columns={columns}
      rowTestId={(c) => `course-row-${c.code ?? c.id}`}
      rowActions={{
        label: t('learningAdmin.actions'),
        edit: { label: t('learningAdmin.edit'), testId: 'course-edit' },
        extra: (c) => (
          <Button asChild variant="secondary" size="sm">
            <Link
              to={`/admin/coursesdetail/${c.id}`}
              aria-label={t('learningAdmin.courses.sessionsOf', { title: c.title })}
              data-testid="course-sessions"
            >
              {t('learningAdmin.courses.sessions')}
            </Link>
          </Button>
        ),
        remove: { label: t('learningAdmin.delete'), testId: 'course-delete' },
      }}
      dialog={(course, close) => <CourseDialog course={course} onClose={close} />}
      confirmDelete={{
        title: t('learningAdmin.courses.deleteTitle'),
        description: (c) => t('learningAdmin.courses.deleteText', { title: c.title }),
        confirmLabel: t('learningAdmin.delete'),
      }}
    />
  );
}
