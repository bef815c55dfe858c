import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  BankAccountStaff,
  BankLimitStaff,
  BankLimitStatus,
} from '@rian/proto-contracts/catalog-content';
import { FormDialog } from '@/components/ui/form-dialog';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useEditForm } from '@/hooks/use-edit-form';
import { bahtInput, parseBaht } from '@/lib/money';
import { useAddBankLimit, useUpdateBankLimit } from '../api/bank-accounts';
import { failed, money, requiredText } from '../lib/fields';
import { BANK_LIMIT_STATUSES } from '../lib/options';

type Draft = { bankAccountId: string; max: string; total: string; status: BankLimitStatus };
const FIELDS = ['bankAccountId', 'max', 'total', 'status'] as const;

/** How much one bank account may receive for a product (spec "Product book bank"). */
export function BankLimitDialog({
  productId,
  limit,
  accounts,
  onClose,
}: {
  productId: string;
  limit: BankLimitStaff | null;
  /** accounts without a limit for this product yet (a new limit picks one) */
  accounts: readonly BankAccountStaff[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const add = useAddBankLimit();
  const update = useUpdateBankLimit();
  const form = useEditForm<Draft>(() => ({
    bankAccountId: limit?.bankAccountId ?? '',
    max: limit ? bahtInput(limit.max) : '',
    total: limit ? bahtInput(limit.total) : '0.00',
    status: limit?.status ?? 'active',
  }));
  const { draft, set, bind, errorText } = form;

  async function onSubmit(event: FormEvent) {
    const ok = await form.submit(event, {
      validate: (d) =>
        failed<keyof Draft>({
          bankAccountId: limit ? null : requiredText(d.bankAccountId),
          max: money(d.max),
          total: money(d.total, { required: false }),
        }),
      send: (d) => {
        const amounts = { max: parseBaht(d.max) ?? 0, total: parseBaht(d.total) ?? 0, status: d.status };
        return limit
          ? update.mutateAsync({ id: limit.id, body: amounts })
          : add.mutateAsync({ productId, bankAccountId: d.bankAccountId, ...amounts });
      },
      fields: FIELDS,
      codeFields: { 'catalog.bank_limit_exists': 'bankAccountId' },
    });
    if (ok) onClose();
  }

  return (
    <FormDialog
      title={limit ? t('catalogAdmin.bankLimits.editTitle') : t('catalogAdmin.bankLimits.createTitle')}
      description={t('catalogAdmin.bankLimits.description')}
      closeLabel={t('form.close')}
      cancelLabel={t('form.cancel')}
      submitLabel={limit ? t('catalogAdmin.save') : t('catalogAdmin.create')}
      onClose={onClose}
      onSubmit={(e) => void onSubmit(e)}
      pending={form.pending}
      error={form.formError}
      formRef={form.formRef}
      testId="bank-limit-dialog"
    >
      <div className="form__grid">
        {limit ? (
          <TextField
            label={t('catalogAdmin.bankLimits.account')}
            value={`${limit.bankAccount.bankName} ${limit.bankAccount.account}`}
            readOnly
          />
        ) : (
          <SelectField
            label={t('catalogAdmin.bankLimits.account')}
            value={draft.bankAccountId}
            onChange={(e) => set('bankAccountId', e.target.value)}
            error={errorText('bankAccountId')}
            data-testid="bank-limit-account"
          >
            <option value="">{t('catalogAdmin.choose')}</option>
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.bankName} {a.account}
              </option>
            ))}
          </SelectField>
        )}
        <SelectField
          label={t('catalogAdmin.bankLimits.status')}
          value={draft.status}
          onChange={(e) => set('status', e.target.value as BankLimitStatus)}
          data-testid="bank-limit-status"
        >
          {BANK_LIMIT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`catalogAdmin.bankLimits.statuses.${s}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('catalogAdmin.bankLimits.max')}
          inputMode="decimal"
          hint={t('catalogAdmin.moneyHint')}
          {...bind('max', 'bank-limit-max')}
        />
        <TextField
          label={t('catalogAdmin.bankLimits.total')}
          inputMode="decimal"
          hint={t('catalogAdmin.bankLimits.totalHint')}
          {...bind('total', 'bank-limit-total')}
        />
      </div>
    </FormDialog>
  );
}
