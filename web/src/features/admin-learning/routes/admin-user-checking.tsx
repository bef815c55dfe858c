import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CheckinStaff } from '@rian/proto-contracts/learning-checkin';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { FormDialog } from '@/components/ui/form-dialog';
import { SelectField } from '@/components/ui/select-field';
import { StaffListPage } from '@/components/ui/staff-list-page';
import type { ListParams } from '@/hooks/use-list-params';
import { useStaffList } from '@/hooks/use-staff-list';
import { formatDateTime, formatDay } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import type { User } from '@/types/api';
import { useCourseOptions } from '../api/content';
import {
  downloadCheckinsCsv,
  useCheckins,
  useCheckinSessions,
  useManualCheckin,
  useRemoveCheckin,
} from '../api/checkins';
import { useMember, useStaffNames } from '../api/people';
import { MemberName } from '../components/member-name';
import { MemberPicker } from '../components/member-picker';
import '../learning-admin.css';
import '../i18n';
import '../i18n-checkin';

type Filters = { course: string; session: string; member: string };
const SORTS = ['-checkedInAt'] as const;
const useItems = (params: ListParams<'-checkedInAt'>, f: Filters) =>
  useCheckins(params, { courseId: f.course, sessionId: f.session, userId: f.member });

/**
 * /admin/userChecking (spec 02; spec 01 §7 userCheckin lists) — check-ins by course, on-site session
 * and member, newest first; the session's kiosk QR screen, a check-in by hand (who did it is kept),
 * CSV of what the filters select, and removing a check-in made by mistake.
 */
export function AdminUserCheckingRoute() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const courses = useCourseOptions();
  const staffName = useStaffNames();
  const list = useStaffList<CheckinStaff, '-checkedInAt', keyof Filters>({
    sorts: SORTS,
    defaultSort: '-checkedInAt',
    filterKeys: ['course', 'session', 'member'],
    useItems,
    useRemove: useRemoveCheckin,
  });
  const sessions = useCheckinSessions(list.filters.course);
  const session = sessions.data?.items.find((s) => s.id === list.filters.session) ?? null;
  const filterMember = useMember(list.filters.member);
  const [manual, setManual] = useState(false);
  const [csvError, setCsvError] = useState<unknown>(null);
  const [csvPending, setCsvPending] = useState(false);
  const sessionLabel = (s: { title: string; date: string }) => `${formatDay(s.date, language)} · ${s.title}`;

  const downloadCsv = () => {
    setCsvPending(true);
    setCsvError(null);
    void downloadCheckinsCsv({
      courseId: list.filters.course,
      sessionId: list.filters.session,
      userId: list.filters.member,
    })
      .catch(setCsvError)
      .finally(() => setCsvPending(false));
  };

  const columns: Column<CheckinStaff>[] = [
    {
      key: 'member',
      label: t('checkinAdmin.member'),
      render: (c) => <MemberName userId={c.userId} />,
    },
    {
      key: 'session',
      label: t('checkinAdmin.sessionCol'),
      render: (c) => (
        <>
          {c.sessionTitle}
          <span className="table__sub">{formatDay(c.sessionDate, language)}</span>
        </>
      ),
    },
    {
      key: 'time',
      label: t('checkinAdmin.time'),
      className: 'table__nowrap',
      render: (c) => <span data-testid="checkin-time">{formatDateTime(c.checkedInAt, language)}</span>,
    },
    {
      key: 'method',
      label: t('checkinAdmin.method'),
      className: 'table__nowrap',
      render: (c) => (
        <>
          <span data-testid="checkin-method" data-method={c.method}>
            {t(`checkinAdmin.methods.${c.method}`)}
          </span>
          {c.checkedInBy && (
            <span className="table__sub">
              {t('checkinAdmin.by')} {staffName(c.checkedInBy)}
            </span>
          )}
        </>
      ),
    },
  ];

  return (
    <StaffListPage
      list={list}
      testId="checkins"
      title={t('checkinAdmin.title')}
      searchLabel={t('learningAdmin.search')}
      searchHint={t('checkinAdmin.searchHint')}
      emptyText={t('checkinAdmin.empty')}
      sortable={false}
      actions={
        <>
          <Button variant="secondary" onClick={downloadCsv} disabled={csvPending} data-testid="checkins-csv">
            {t('checkinAdmin.csv')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => setManual(true)}
            disabled={!session}
            data-testid="checkins-manual"
          >
            {t('checkinAdmin.manual')}
          </Button>
          {session ? (
            <Link
              to={`/admin/userChecking/kiosk/${session.id}`}
              className={buttonClass('primary')}
              data-testid="checkins-kiosk"
            >
              {t('checkinAdmin.kiosk')}
            </Link>
          ) : (
            <Button disabled data-testid="checkins-kiosk">
              {t('checkinAdmin.kiosk')}
            </Button>
          )}
        </>
      }
      lead={
        <>
          {!session && <p className="field__hint">{t('checkinAdmin.kioskNeedsSession')}</p>}
          {session && (
            <p className="field__hint" data-testid="checkins-session-count">
              {t('checkinAdmin.checkedIn', { count: list.query.data?.total ?? session.checkedIn })}
            </p>
          )}
          {csvError !== null && <Alert>{problemText(csvError, language)}</Alert>}
        </>
      }
      filters={
        <>
          <SelectField
            label={t('checkinAdmin.course')}
            value={list.filters.course}
            onChange={(e) => list.setFilters({ course: e.target.value, session: '' })}
            data-testid="checkins-course-filter"
          >
            <option value="">{t('checkinAdmin.anyCourse')}</option>
            {courses.data?.items.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('checkinAdmin.session')}
            value={list.filters.session}
            onChange={(e) => list.setFilters({ session: e.target.value })}
            data-testid="checkins-session-filter"
          >
            <option value="">{t('checkinAdmin.anySession')}</option>
            {sessions.data?.items.map((s) => (
              <option key={s.id} value={s.id}>
                {sessionLabel(s)}
              </option>
            ))}
          </SelectField>
          <MemberPicker
            label={t('checkinAdmin.memberFilter')}
            picked={list.filters.member ? (filterMember.data ?? null) : null}
            onPick={(u) => list.setFilters({ member: u?.id ?? '' })}
            testId="checkins-member-filter"
          />
        </>
      }
      columns={columns}
      rowTestId={() => 'checkins-table-row'}
      rowActions={{
        label: t('learningAdmin.actions'),
        remove: {
          label: t('checkinAdmin.remove'),
          testId: 'checkin-remove',
          ariaLabel: (c) => t('checkinAdmin.removeOf', { name: c.memberName ?? c.userId }),
        },
      }}
      confirmDelete={{
        title: t('checkinAdmin.removeTitle'),
        description: () => t('checkinAdmin.removeText'),
        confirmLabel: t('checkinAdmin.remove'),
      }}
    >
      {manual && session && (
        <ManualCheckinDialog
          sessionId={session.id}
          sessionName={sessionLabel(session)}
          onClose={() => setManual(false)}
        />
      )}
    </StaffListPage>
  );
}

function ManualCheckinDialog({
  sessionId,
  sessionName,
  onClose,
}: {
  sessionId: string;
  sessionName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const save = useManualCheckin();
  const [member, setMember] = useState<User | null>(null);
  const [missing, setMissing] = useState(false);
  const [already, setAlready] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!member) {
      setMissing(true);
      return;
    }
    setAlready(false);
    void save.mutateAsync({ sessionId, userId: member.id }).then(
      (r) => (r.result === 'already' ? setAlready(true) : onClose()),
      () => undefined,
    );
  };
  return (
    <FormDialog
      title={t('checkinAdmin.manualTitle')}
      description={t('checkinAdmin.manualText', { session: sessionName })}
      closeLabel={t('form.close')}
      cancelLabel={t('form.cancel')}
      submitLabel={t('checkinAdmin.manualSave')}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      error={save.isError ? problemText(save.error, language) : null}
      testId="checkin-manual-dialog"
    >
      <MemberPicker
        label={t('checkinAdmin.member')}
        picked={member}
        onPick={(u) => {
          setMember(u);
          setMissing(false);
          setAlready(false);
        }}
        error={missing ? t('validation.required') : null}
        testId="checkin-manual-member"
      />
      {already && (
        <Alert tone="info">
          <span data-testid="checkin-manual-already">{t('checkinAdmin.manualAlready')}</span>
        </Alert>
      )}
    </FormDialog>
  );
}
