import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CouponView } from '@rian/proto-contracts/coupons';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDelete } from '@/components/ui/confirm-delete';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { useMessageText } from '@/hooks/use-message-text';
import { isApiError } from '@/lib/api-client';
import type { Message } from '@/lib/message';
import { problemText } from '@/lib/problem-text';
import { EMAIL_PATTERN } from '@/lib/validation';
import { useLanguageStore } from '@/stores/language-store';
import {
  useAddCouponEmails,
  useCouponEmails,
  useRemoveCouponEmail,
  type CouponEmail,
} from '../api/coupon-emails';

/** The server takes at most 1000 at a time (CouponEmailsBody). */
const MAX_AT_ONCE = 1000;

/** "a@b.co, c@d.co\ne@f.co" → the e-mails, lower-cased (as the server keeps them), each once. */
function splitEmails(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

function checkEmails(list: string[]): Message | null {
  if (list.length === 0) return { key: 'validation.required' };
  const bad = list.filter((e) => !EMAIL_PATTERN.test(e));
  if (bad.length) return { key: 'couponAdmin.validation.emails', values: { list: bad.join(', ') } };
  return list.length > MAX_AT_ONCE
    ? { key: 'couponAdmin.validation.tooMany', values: { max: MAX_AT_ONCE } }
    : null;
}

/**
 * Who may use an e-mail-only coupon (spec 02 §3 Coupon e-mail). Removing is soft; adding an e-mail
 * removed before lists it again (spec 02 §4).
 */
export function CouponEmailsDialog({ coupon, onClose }: { coupon: CouponView; onClose: () => void }) {
  const { t } = useTranslation();
  const text = useMessageText();
  const language = useLanguageStore((s) => s.language);
  const emails = useCouponEmails(coupon.id);
  const add = useAddCouponEmails();
  const remove = useRemoveCouponEmail();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<Message | null>(null);
  const [result, setResult] = useState<{ added: number; unchanged: number } | null>(null);
  const [filter, setFilter] = useState('');
  const [removing, setRemoving] = useState<CouponEmail | null>(null);

  async function onAdd(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    const list = splitEmails(draft);
    const invalid = checkEmails(list);
    setError(invalid);
    if (invalid) return;
    const before = new Set((emails.data?.items ?? []).map((e) => e.email));
    try {
      await add.mutateAsync({ couponId: coupon.id, emails: list });
      const unchanged = list.filter((e) => before.has(e)).length;
      setResult({ added: list.length - unchanged, unchanged });
      setDraft('');
    } catch (failure) {
      setError(isApiError(failure) ? { error: failure } : { key: 'error.title' });
    }
  }

  const needle = filter.trim().toLowerCase();
  const rows = (emails.data?.items ?? []).filter((e) => !needle || e.email.includes(needle));

  const columns: Column<CouponEmail>[] = [
    { key: 'email', label: t('couponAdmin.emailList.email'), render: (e) => e.email },
    {
      key: 'actions',
      label: t('couponAdmin.actions'),
      hideLabel: true,
      className: 'table__actions',
      render: (e) => (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setRemoving(e)}
          aria-label={`${t('couponAdmin.emailList.remove')} ${e.email}`}
          data-testid={`coupon-email-remove-${e.email}`}
        >
          {t('couponAdmin.emailList.remove')}
        </Button>
      ),
    },
  ];

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={t('couponAdmin.emailList.title', { code: coupon.code })}
        description={t('couponAdmin.emailList.description')}
        closeLabel={t('form.close')}
        className="dialog--wide"
        data-testid="coupon-email-dialog"
      >
        {coupon.emailOnly === 'N' && <Alert tone="info">{t('couponAdmin.emailList.notEmailOnly')}</Alert>}
        <form className="form" noValidate onSubmit={(e) => void onAdd(e)}>
          <TextAreaField
            label={t('couponAdmin.emailList.add')}
            hint={t('couponAdmin.emailList.addHint')}
            rows={3}
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value);
              setError(null);
            }}
            error={text(error)}
            data-testid="coupon-email-input"
          />
          <div className="form__actions">
            <Button type="submit" loading={add.isPending} data-testid="coupon-email-add">
              {t('couponAdmin.emailList.addButton')}
            </Button>
          </div>
        </form>
        {result && (
          <Alert tone="success">
            <span data-testid="coupon-email-result">{t('couponAdmin.emailList.added', result)}</span>
          </Alert>
        )}
        {emails.isError && <Alert>{problemText(emails.error, language)}</Alert>}
        {emails.isPending && !emails.isError && <Spinner label={t('admin.loading')} />}
        {emails.data && emails.data.items.length === 0 && (
          <p data-testid="coupon-email-empty">{t('couponAdmin.emailList.empty')}</p>
        )}
        {emails.data && emails.data.items.length > 0 && (
          <>
            <div className="admin-filter">
              <TextField
                label={t('couponAdmin.emailList.filter')}
                type="search"
                hint={t('couponAdmin.emailList.count', { count: emails.data.items.length })}
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
                data-testid="coupon-email-filter"
              />
            </div>
            <DataTable columns={columns} rows={rows} rowKey={(e) => e.id} testId="coupon-email-table" />
          </>
        )}
        <ConfirmDelete
          target={removing}
          title={t('couponAdmin.emailList.removeTitle')}
          description={(e) => t('couponAdmin.emailList.removeText', { email: e.email })}
          confirmLabel={t('couponAdmin.emailList.remove')}
          onClose={() => setRemoving(null)}
          onConfirm={(e) => remove.mutateAsync({ couponId: coupon.id, emailId: e.id })}
        />
      </DialogContent>
    </Dialog>
  );
}
