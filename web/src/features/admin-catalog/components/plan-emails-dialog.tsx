import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { InstallmentEmail, InstallmentPlanStaff } from '@rian/proto-contracts/catalog-commerce';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckField } from '@/components/ui/check-field';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Pager } from '@/components/ui/pager';
import { Spinner } from '@/components/ui/spinner';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useMessageText } from '@/hooks/use-message-text';
import { isApiError } from '@/lib/api-client';
import type { Message } from '@/lib/message';
import { problemText } from '@/lib/problem-text';
import { useLanguageStore } from '@/stores/language-store';
import {
  useAddPlanEmails,
  usePlanEmails,
  useRemovePlanEmail,
  type EmailsAdded,
} from '../api/installment-plans';
import { emailList, splitList } from '../lib/fields';
import { ConfirmDelete } from './confirm-delete';

const PAGE_SIZE = 20;

/**
 * Who may pay a type-email plan in instalments (spec "Instalment e-mail"). Removing is soft; adding
 * an e-mail removed before lists it again (spec 02 §4, as for coupon e-mails).
 */
export function PlanEmailsDialog({ plan, onClose }: { plan: InstallmentPlanStaff; onClose: () => void }) {
  const { t } = useTranslation();
  const text = useMessageText();
  const language = useLanguageStore((s) => s.language);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, 300);
  const [includeRemoved, setIncludeRemoved] = useState(false);
  const [page, setPage] = useState(1);
  const emails = usePlanEmails(plan.id, { q, includeRemoved, page, pageSize: PAGE_SIZE });
  const add = useAddPlanEmails();
  const remove = useRemovePlanEmail();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<Message | null>(null);
  const [result, setResult] = useState<EmailsAdded | null>(null);
  const [removing, setRemoving] = useState<InstallmentEmail | null>(null);

  async function addEmails(list: string[]) {
    setResult(null);
    try {
      setResult(await add.mutateAsync({ planId: plan.id, emails: list }));
      return true;
    } catch (failure) {
      setError(isApiError(failure) ? { error: failure } : { key: 'error.title' });
      return false;
    }
  }

  async function onAdd(event: FormEvent) {
    event.preventDefault();
    const invalid = emailList(draft);
    setError(invalid);
    if (invalid) return;
    if (await addEmails([...new Set(splitList(draft).map((e) => e.toLowerCase()))])) setDraft('');
  }

  const columns: Column<InstallmentEmail>[] = [
    { key: 'email', label: t('catalogAdmin.planEmails.email'), render: (e) => e.email },
    {
      key: 'state',
      label: t('catalogAdmin.planEmails.state'),
      render: (e) =>
        e.removed === 'Y' ? (
          <span className="badge badge--failed" data-testid="plan-email-removed">
            {t('catalogAdmin.planEmails.removed')}
          </span>
        ) : (
          <span className="badge badge--sent">{t('catalogAdmin.planEmails.listed')}</span>
        ),
    },
    {
      key: 'actions',
      label: t('catalogAdmin.actions'),
      hideLabel: true,
      className: 'table__actions',
      render: (e) =>
        e.removed === 'Y' ? (
          <Button
            variant="secondary"
            size="sm"
            loading={add.isPending}
            onClick={() => void addEmails([e.email])}
            data-testid="plan-email-restore"
          >
            {t('catalogAdmin.planEmails.restore')}
          </Button>
        ) : (
          <Button variant="ghost" size="sm" onClick={() => setRemoving(e)} data-testid="plan-email-delete">
            {t('catalogAdmin.delete')}
          </Button>
        ),
    },
  ];

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={t('catalogAdmin.planEmails.title', { name: plan.name })}
        description={t('catalogAdmin.planEmails.description', { product: plan.productTitle })}
        closeLabel={t('form.close')}
        className="dialog--wide"
        data-testid="plan-emails-dialog"
      >
        {plan.type === 'all' && <Alert tone="info">{t('catalogAdmin.planEmails.typeAll')}</Alert>}
        <form className="form" noValidate onSubmit={(e) => void onAdd(e)}>
          <TextAreaField
            label={t('catalogAdmin.planEmails.add')}
            hint={t('catalogAdmin.planEmails.addHint')}
            rows={3}
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value);
              setError(null);
            }}
            error={text(error)}
            data-testid="plan-emails-input"
          />
          <div className="form__actions">
            <Button type="submit" loading={add.isPending} data-testid="plan-emails-add">
              {t('catalogAdmin.planEmails.addButton')}
            </Button>
          </div>
        </form>
        {result && (
          <Alert tone="success">
            <span data-testid="plan-emails-result">{t('catalogAdmin.planEmails.result', result)}</span>
          </Alert>
        )}
        <div className="admin-filter catalog-emails-filter">
          <TextField
            label={t('catalogAdmin.search')}
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
            data-testid="plan-emails-search"
          />
          <CheckField
            label={t('catalogAdmin.planEmails.includeRemoved')}
            checked={includeRemoved}
            onChange={(e) => {
              setIncludeRemoved(e.target.checked);
              setPage(1);
            }}
            data-testid="plan-emails-include-removed"
          />
        </div>
        {emails.isError && <Alert>{problemText(emails.error, language)}</Alert>}
        {emails.isPending && !emails.isError && <Spinner label={t('admin.loading')} />}
        {emails.data && emails.data.items.length === 0 && <p>{t('catalogAdmin.planEmails.empty')}</p>}
        {emails.data && emails.data.items.length > 0 && (
          <DataTable
            columns={columns}
            rows={emails.data.items}
            rowKey={(e) => e.id}
            testId="plan-emails"
            rowClassName={(e) => (e.removed === 'Y' ? 'is-removed' : undefined)}
          />
        )}
        {emails.data && <Pager page={page} pageSize={PAGE_SIZE} total={emails.data.total} onPage={setPage} />}
        <ConfirmDelete
          target={removing}
          title={t('catalogAdmin.planEmails.deleteTitle')}
          description={(e) => t('catalogAdmin.planEmails.deleteText', { email: e.email })}
          onClose={() => setRemoving(null)}
          onConfirm={(e) => remove.mutateAsync({ planId: plan.id, emailId: e.id })}
        />
      </DialogContent>
    </Dialog>
  );
}
