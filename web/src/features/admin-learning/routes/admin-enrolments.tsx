import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnrolmentStatus } from '@rian/proto-contracts/learning';
import type { EnrolmentStaff } from '@rian/proto-contracts/learning-enrolments';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { Column } from '@/components/ui/data-table';
import { SelectField } from '@/components/ui/select-field';
import { StaffListPage } from '@/components/ui/staff-list-page';
import type { ListParams } from '@/hooks/use-list-params';
import { useStaffList } from '@/hooks/use-staff-list';
import { formatDay } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import { useCourseOptions } from '../api/content';
import {
  ENROLMENT_SORTS,
  ENROLMENT_STATUSES,
  useEndEnrolment,
  useEnrolments,
  type EnrolmentSort,
} from '../api/enrolments';
import { useMember, useStaffNames } from '../api/people';
import { EnrolmentAuditDialog } from '../components/enrolment-audit-dialog';
import { EnrolmentDialog } from '../components/enrolment-dialog';
import { EnrolmentGrantDialog } from '../components/enrolment-grant-dialog';
import { GrantProductDialog } from '../components/grant-product-dialog';
import { MemberName } from '../components/member-name';
import { MemberPicker } from '../components/member-picker';
import '../learning-admin.css';
import '../i18n';

type Filters = { course: string; member: string; status: string };
const isStatus = (v: string): v is EnrolmentStatus => (ENROLMENT_STATUSES as readonly string[]).includes(v);
const useEnrolmentItems = (params: ListParams<EnrolmentSort>, f: Filters) =>
  useEnrolments(params, { courseId: f.course, userId: f.member, status: isStatus(f.status) ? f.status : '' });

const Flag = ({ on, testId }: { on: boolean; testId: string }) => (
  <span data-testid={testId} data-value={on ? 'Y' : 'N'}>
    {on ? '✓' : '–'}
  </span>
);

/**
 * /admin/userCourse — enrolments (spec 01 §3 user_courses): filter by course, member and status;
 * grant by hand, grant a product's paid buyers the courses they miss, edit, end, and each one's
 * history (who, when, before → after).
 */
export function AdminEnrolmentsRoute() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const courses = useCourseOptions();
  const staffName = useStaffNames();
  const list = useStaffList<EnrolmentStaff, EnrolmentSort, keyof Filters>({
    sorts: ENROLMENT_SORTS,
    defaultSort: '-createdAt',
    filterKeys: ['course', 'member', 'status'],
    useItems: useEnrolmentItems,
  });
  const filterMember = useMember(list.filters.member);
  const [granting, setGranting] = useState(false);
  const [grantingProduct, setGrantingProduct] = useState(false);
  const [audit, setAudit] = useState<EnrolmentStaff | null>(null);
  const [ending, setEnding] = useState<EnrolmentStaff | null>(null);
  const end = useEndEnrolment();
  const day = (d: string | null) => (d ? formatDay(d, language) : '–');

  const columns: Column<EnrolmentStaff>[] = [
    {
      key: 'member',
      label: t('learningAdmin.enrolments.member'),
      render: (e) => <MemberName userId={e.userId} />,
    },
    {
      key: 'course',
      label: t('learningAdmin.enrolments.course'),
      className: 'learning-admin__course',
      render: (e) => (
        <>
          {e.course?.title ?? e.courseId}
          {e.course?.code && <span className="table__sub">{e.course.code}</span>}
        </>
      ),
    },
    {
      key: 'code',
      label: t('learningAdmin.enrolments.code'),
      className: 'table__nowrap',
      render: (e) => e.code ?? '–',
    },
    {
      key: 'status',
      label: t('learningAdmin.enrolments.status'),
      className: 'table__nowrap',
      render: (e) => (
        <>
          <span
            className={`badge badge--${e.status === 'active' ? 'sent' : 'failed'}`}
            data-testid="enrolment-status"
            data-status={e.status}
          >
            {t(`learningAdmin.enrolments.statuses.${e.status}`)}
          </span>
          <span className="table__sub">
            {t('learningAdmin.enrolments.courseStatus')}: {e.courseStatus}
          </span>
        </>
      ),
    },
    {
      key: 'sptk',
      label: `${t('learningAdmin.enrolments.sptk')} / ${t('learningAdmin.enrolments.special')}`,
      className: 'table__nowrap',
      render: (e) => (
        <>
          {t('learningAdmin.enrolments.sptk')} <Flag on={e.sptk === 'Y'} testId="enrolment-sptk-value" />
          <span className="table__sub">
            {t('learningAdmin.enrolments.special')}{' '}
            <Flag on={e.special === 'Y'} testId="enrolment-special-value" />
          </span>
        </>
      ),
    },
    {
      key: 'dates',
      label: t('learningAdmin.enrolments.dates'),
      className: 'table__nowrap',
      render: (e) => (
        <>
          {day(e.start)}
          <span className="table__sub">→ {day(e.end)}</span>
        </>
      ),
    },
    {
      key: 'flags',
      label: t('learningAdmin.enrolments.flags'),
      render: (e) => (
        <span className="enrolment-flag-list">
          <span>
            LINE <Flag on={e.line === 'Y'} testId="enrolment-line-value" />
            {e.lineBy && <span className="table__sub">{staffName(e.lineBy)}</span>}
          </span>
          <span>
            Facebook <Flag on={e.facebook === 'Y'} testId="enrolment-facebook-value" />
            {e.facebookBy && <span className="table__sub">{staffName(e.facebookBy)}</span>}
          </span>
        </span>
      ),
    },
    {
      key: 'note',
      label: t('learningAdmin.enrolments.note'),
      className: 'learning-admin__note',
      render: (e) => e.note ?? '',
    },
  ];

  return (
    <StaffListPage
      list={list}
      testId="enrolments"
      title={t('learningAdmin.enrolments.title')}
      searchLabel={t('learningAdmin.search')}
      searchHint={t('learningAdmin.enrolments.searchHint')}
      sortable={false}
      tableClassName="table--sticky-first learning-admin__enrolments"
      actions={
        <>
          <Button
            variant="secondary"
            onClick={() => setGrantingProduct(true)}
            data-testid="enrolment-grant-product"
          >
            {t('learningAdmin.enrolments.grantProduct')}
          </Button>
          <Button onClick={() => setGranting(true)} data-testid="enrolment-grant">
            {t('learningAdmin.enrolments.grant')}
          </Button>
        </>
      }
      filters={
        <>
          <SelectField
            label={t('learningAdmin.enrolments.course')}
            value={list.filters.course}
            onChange={(e) => list.setFilters({ course: e.target.value })}
            data-testid="enrolments-course-filter"
          >
            <option value="">{t('learningAdmin.videos.anyCourse')}</option>
            {courses.data?.items.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('learningAdmin.enrolments.status')}
            value={isStatus(list.filters.status) ? list.filters.status : ''}
            onChange={(e) => list.setFilters({ status: e.target.value })}
            data-testid="enrolments-status-filter"
          >
            <option value="">{t('learningAdmin.enrolments.anyStatus')}</option>
            {ENROLMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`learningAdmin.enrolments.statuses.${s}`)}
              </option>
            ))}
          </SelectField>
          <MemberPicker
            label={t('learningAdmin.enrolments.memberFilter')}
            picked={list.filters.member ? (filterMember.data ?? null) : null}
            onPick={(u) => list.setFilters({ member: u?.id ?? '' })}
            testId="enrolments-member-filter"
          />
        </>
      }
      columns={columns}
      rowActions={{
        label: t('learningAdmin.actions'),
        edit: {
          label: t('learningAdmin.edit'),
          testId: 'enrolment-edit',
          ariaLabel: (e) => t('learningAdmin.editOf', { name: e.course?.title ?? e.courseId }),
        },
        extra: (e) => (
          <>
            <Button variant="ghost" size="sm" onClick={() => setAudit(e)} data-testid="enrolment-audit">
              {t('learningAdmin.enrolments.audit.open')}
            </Button>
            {e.status === 'active' && (
              <Button variant="ghost" size="sm" onClick={() => setEnding(e)} data-testid="enrolment-end">
                {t('learningAdmin.enrolments.end')}
              </Button>
            )}
          </>
        ),
      }}
      dialog={(e, close) => (e ? <EnrolmentDialog enrolment={e} onClose={close} /> : null)}
    >
      {granting && <EnrolmentGrantDialog courseId={list.filters.course} onClose={() => setGranting(false)} />}
      {grantingProduct && <GrantProductDialog onClose={() => setGrantingProduct(false)} />}
      {audit && <EnrolmentAuditDialog enrolment={audit} onClose={() => setAudit(null)} />}
      <ConfirmDialog
        open={ending !== null}
        onOpenChange={(open) => {
          if (!open) {
            setEnding(null);
            end.reset();
          }
        }}
        title={t('learningAdmin.enrolments.endTitle')}
        description={t('learningAdmin.enrolments.endText', {
          course: ending?.course?.title ?? ending?.courseId ?? '',
        })}
        confirmLabel={t('learningAdmin.enrolments.end')}
        cancelLabel={t('form.cancel')}
        pending={end.isPending}
        onConfirm={() => {
          if (ending)
            void end.mutateAsync(ending.id).then(
              () => setEnding(null),
              () => undefined,
            );
        }}
      >
        {end.isError && (
          <Alert>
            <span data-testid="confirm-error">{problemText(end.error, language)}</span>
          </Alert>
        )}
      </ConfirmDialog>
    </StaffListPage>
  );
}
