import { useState, type FormEvent, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GroupRequestStaff } from '@rian/proto-contracts/learning-groups';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { FormDialog } from '@/components/ui/form-dialog';
import { SelectField } from '@/components/ui/select-field';
import { StaffListPage } from '@/components/ui/staff-list-page';
import { TextAreaField } from '@/components/ui/text-area-field';
import type { ListParams } from '@/hooks/use-list-params';
import { useStaffList } from '@/hooks/use-staff-list';
import { formatDateTime } from '@/lib/format';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import {
  GROUP_REQUEST_SORTS,
  useApproveRequest,
  useGenerateCodes,
  useGroupRequests,
  useMemberGroupOptions,
  useUnapproveRequest,
  type GroupRequestSort,
} from '../api/groups';
import { MemberName } from '../components/member-name';
import '../learning-admin.css';
import '../i18n';
import '../i18n-groups';

const useItems = (params: ListParams<GroupRequestSort>, filters: { group: string; status: string }) =>
  useGroupRequests(params, filters);

/** Approve with a note (spec 02 §4: updating sets approve_by and the note). */
function ApproveDialog({ request, onClose }: { request: GroupRequestStaff; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const approve = useApproveRequest();
  const [note, setNote] = useState(request.note ?? '');
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      await approve.mutateAsync({ id: request.id, note: note.trim() || null });
      onClose();
    } catch {
      // shown below
    }
  }
  return (
    <FormDialog
      title={t('groupsAdmin.requests.approveTitle')}
      description={request.groupName}
      closeLabel={t('form.close')}
      cancelLabel={t('form.cancel')}
      submitLabel={t('groupsAdmin.requests.approve')}
      onClose={onClose}
      onSubmit={(e) => void onSubmit(e)}
      pending={approve.isPending}
      error={approve.isError ? problemText(approve.error, language) : null}
      testId="group-approve-dialog"
    >
      <TextAreaField
        label={t('groupsAdmin.requests.note')}
        value={note}
        maxLength={1000}
        onChange={(e) => setNote(e.target.value)}
        data-testid="group-approve-note"
      />
    </FormDialog>
  );
}

/**
 * /admin/memberGroupUser — requests to join by group (spec 02 §3–§4 "Member group user"): approve
 * with a note (who approved is kept), un-approve, Gennarate the group's codes.
 */
export function AdminGroupRequestsRoute() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const groups = useMemberGroupOptions('');
  const list = useStaffList({
    sorts: GROUP_REQUEST_SORTS,
    defaultSort: '-requestedAt',
    filterKeys: ['group', 'status'],
    useItems,
  });
  const [approving, setApproving] = useState<GroupRequestStaff | null>(null);
  const unapprove = useUnapproveRequest();
  const generate = useGenerateCodes();

  const columns: Column<GroupRequestStaff>[] = [
    {
      key: 'member',
      label: t('groupsAdmin.requests.member'),
      render: (r) => <MemberName userId={r.userId} />,
    },
    {
      key: 'group',
      label: t('groupsAdmin.requests.group'),
      render: (r) => (
        <>
          {r.groupName}
          <span className="table__sub">{t(`groupsAdmin.types.${r.groupType}`)}</span>
        </>
      ),
    },
    {
      key: 'code',
      label: t('groupsAdmin.requests.code'),
      sortField: 'code',
      className: 'table__nowrap',
      render: (r) => <span data-testid="group-request-code">{r.code ?? '–'}</span>,
    },
    {
      key: 'status',
      label: t('groupsAdmin.requests.status'),
      className: 'table__nowrap',
      render: (r) => (
        <span
          className={`badge badge--${r.status === 'approved' ? 'sent' : 'pending'}`}
          data-testid="group-request-status"
          data-status={r.status}
        >
          {t(`groupsAdmin.statuses.${r.status}`)}
        </span>
      ),
    },
    { key: 'note', label: t('groupsAdmin.requests.note'), render: (r) => r.note ?? '–' },
    {
      key: 'requestedAt',
      label: t('groupsAdmin.requests.requestedAt'),
      sortField: 'requestedAt',
      className: 'table__nowrap',
      render: (r) => formatDateTime(r.requestedAt, language),
    },
  ];

  return (
    <StaffListPage
      list={list}
      testId="group-requests"
      title={t('groupsAdmin.requests.title')}
      searchLabel={t('learningAdmin.search')}
      searchHint={t('groupsAdmin.requests.searchHint')}
      emptyText={t('groupsAdmin.requests.empty')}
      filters={
        <>
          <SelectField
            label={t('groupsAdmin.requests.group')}
            value={list.filters.group}
            onChange={(e) => list.setFilters({ group: e.target.value })}
            data-testid="group-requests-group-filter"
          >
            <option value="">{t('groupsAdmin.anyGroup')}</option>
            {groups.data?.items.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('groupsAdmin.requests.status')}
            value={list.filters.status}
            onChange={(e) => list.setFilters({ status: e.target.value })}
            data-testid="group-requests-status-filter"
          >
            <option value="">{t('groupsAdmin.anyStatus')}</option>
            <option value="requested">{t('groupsAdmin.statuses.requested')}</option>
            <option value="approved">{t('groupsAdmin.statuses.approved')}</option>
          </SelectField>
        </>
      }
      actions={
        list.filters.group ? (
          <Button
            variant="secondary"
            onClick={() => generate.mutate(list.filters.group)}
            disabled={generate.isPending}
            data-testid="group-generate-codes"
          >
            {t('groupsAdmin.requests.generate')}
          </Button>
        ) : undefined
      }
      lead={
        <>
          <p className="card__text">
            <Link to="/admin/memberGroupUserNone" data-testid="group-requests-none-link">
              {t('groupsAdmin.none.title')}
            </Link>
          </p>
          {generate.data && (
            <Alert tone="success">
              <span data-testid="group-generated">
                {t('groupsAdmin.requests.generated', { count: generate.data.generated })}
              </span>
            </Alert>
          )}
          {(generate.isError || unapprove.isError) && (
            <Alert>{problemText(generate.error ?? unapprove.error, language)}</Alert>
          )}
        </>
      }
      columns={columns}
      rowProps={(r) => ({ 'data-request-id': r.id }) as HTMLAttributes<HTMLTableRowElement>}
      rowActions={{
        label: t('learningAdmin.actions'),
        extra: (r) =>
          r.status === 'requested' ? (
            <Button
              size="sm"
              onClick={() => setApproving(r)}
              aria-label={t('groupsAdmin.requests.approveOf', { name: r.groupName })}
              data-testid="group-request-approve"
            >
              {t('groupsAdmin.requests.approve')}
            </Button>
          ) : (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => unapprove.mutate(r.id)}
              disabled={unapprove.isPending}
              aria-label={t('groupsAdmin.requests.unapproveOf', { name: r.groupName })}
              data-testid="group-request-unapprove"
            >
              {t('groupsAdmin.requests.unapprove')}
            </Button>
          ),
      }}
    >
      {approving && <ApproveDialog request={approving} onClose={() => setApproving(null)} />}
    </StaffListPage>
  );
}
