import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UngroupedMember } from '@rian/proto-contracts/learning-groups';
import { Alert } from '@/components/ui/alert';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useCourseOptions } from '../api/content';
import { useUngrouped } from '../api/groups';
import { MemberName } from '../components/member-name';
import '../learning-admin.css';
import '../i18n';
import '../i18n-groups';

/** /admin/memberGroupUserNone — members of a course who asked to join none of its groups. */
export function AdminUngroupedRoute() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const courses = useCourseOptions();
  const [courseId, setCourseId] = useState('');
  const [page, setPage] = useState(1);
  const members = useUngrouped(courseId, page);
  const yesNo = (v: 'Y' | 'N') => t(v === 'Y' ? 'groupsAdmin.yes' : 'groupsAdmin.no');
  const columns: Column<UngroupedMember>[] = [
    {
      key: 'member',
      label: t('groupsAdmin.requests.member'),
      render: (m) => <MemberName userId={m.userId} />,
    },
    { key: 'code', label: t('groupsAdmin.none.code'), render: (m) => m.code ?? '–' },
    { key: 'line', label: t('groupsAdmin.types.line'), render: (m) => yesNo(m.line) },
    { key: 'facebook', label: t('groupsAdmin.types.facebook'), render: (m) => yesNo(m.facebook) },
    {
      key: 'start',
      label: t('groupsAdmin.none.start'),
      className: 'table__nowrap',
      render: (m) => m.start ?? '–',
    },
  ];
  return (
    <div data-testid="ungrouped">
      <h1 className="admin__heading">{t('groupsAdmin.none.title')}</h1>
      <p className="card__text">{t('groupsAdmin.none.text')}</p>
      <SelectField
        label={t('groupsAdmin.course')}
        value={courseId}
        onChange={(e) => {
          setCourseId(e.target.value);
          setPage(1);
        }}
        data-testid="ungrouped-course"
      >
        <option value="">{t('groupsAdmin.chooseCourse')}</option>
        {courses.data?.items.map((c) => (
          <option key={c.id} value={c.id}>
            {c.title}
          </option>
        ))}
      </SelectField>
      {courseId && members.isPending && <Spinner label={t('groupsAdmin.loading')} />}
      {members.isError && <Alert>{problemText(members.error, language)}</Alert>}
      {members.data && members.data.items.length === 0 && (
        <p className="card__text" data-testid="ungrouped-empty">
          {t('groupsAdmin.none.empty')}
        </p>
      )}
      {members.data && members.data.items.length > 0 && (
        <>
          <DataTable
            columns={columns}
            rows={members.data.items}
            rowKey={(m) => m.enrolmentId}
            testId="ungrouped-table"
          />
          <Pager page={page} pageSize={members.data.pageSize} total={members.data.total} onPage={setPage} />
        </>
      )}
    </div>
  );
}
