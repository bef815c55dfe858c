import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankAccountStaff } from '@rian/proto-contracts/catalog-content';
import { CheckField } from '@/components/ui/check-field';
import { FormDialog } from '@/components/ui/form-dialog';
import { TextField } from '@/components/ui/text-field';
import { useEditForm } from '@/hooks/use-edit-form';
import { bahtInput, parseBaht } from '@/lib/money';
import { useSaveBankAccount } from '../api/bank-accounts';
import { accountNumber, failed, money, requiredText, textOrNull, yn } from '../lib/fields';
import { CatalogImageField } from './catalog-image-field';

type Draft = {
  bankName: string;
  accountName: string;
  account: string;
  type: string;
  max: string;
  image: string | null;
  icon: string | null;
  disable: boolean;
};
const FIELDS = ['bankName', 'accountName', 'account', 'type', 'max', 'image', 'icon'] as const;

/** Create or edit a bank account buyers transfer to (spec 02 §3 Book bank): QR / account image and bank icon. */
export function BankAccountDialog({
  account,
  onClose,
}: {
  account: BankAccountStaff | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveBankAccount();
  const form = useEditForm<Draft>(() => ({
    bankName: account?.bankName ?? '',
    accountName: account?.accountName ?? '',
    account: account?.account ?? '',
    type: account?.type ?? '',
    max: bahtInput(account?.max),
    image: account?.image ?? null,
    icon: account?.icon ?? null,
    disable: account?.disable === 'Y',
  }));
  const { draft, set, bind, errorText } = form;
  const optional = (label: string) => `${label} ${t('form.optional')}`;

  async function onSubmit(event: FormEvent) {
    const ok = await form.submit(event, {
      validate: (d) =>
        failed<keyof Draft>({
          bankName: requiredText(d.bankName),
          account: accountNumber(d.account),
          max: money(d.max, { required: false }),
        }),
      send: (d) =>
        save.mutateAsync({
          id: account?.id ?? null,
          body: {
            bankName: d.bankName.trim(),
            accountName: textOrNull(d.accountName),
            account: d.account.trim(),
            type: textOrNull(d.type),
            max: d.max.trim() ? parseBaht(d.max) : null,
            image: d.image,
            icon: d.icon,
            disable: yn(d.disable),
          },
        }),
      fields: FIELDS,
    });
    if (ok) onClose();
  }

  return (
    <FormDialog
      title={account ? t('catalogAdmin.bankAccounts.editTitle') : t('catalogAdmin.bankAccounts.createTitle')}
      description={
        account ? `${account.bankName} ${account.account}` : t('catalogAdmin.bankAccounts.createDescription')
      }
      closeLabel={t('form.close')}
      cancelLabel={t('form.cancel')}
      submitLabel={account ? t('catalogAdmin.save') : t('catalogAdmin.create')}
      onClose={onClose}
      onSubmit={(e) => void onSubmit(e)}
      pending={form.pending}
      error={form.formError}
      formRef={form.formRef}
      testId="bank-account-dialog"
    >
      <div className="form__grid">
        <TextField
          label={t('catalogAdmin.bankAccounts.bankName')}
          hint={t('catalogAdmin.bankAccounts.bankNameHint')}
          maxLength={100}
          {...bind('bankName', 'bank-account-bank')}
        />
        <TextField
          label={t('catalogAdmin.bankAccounts.account')}
          hint={t('catalogAdmin.bankAccounts.accountHint')}
          inputMode="numeric"
          maxLength={30}
          {...bind('account', 'bank-account-number')}
        />
        <TextField
          label={optional(t('catalogAdmin.bankAccounts.accountName'))}
          maxLength={200}
          {...bind('accountName', 'bank-account-name')}
        />
        <TextField
          label={optional(t('catalogAdmin.bankAccounts.type'))}
          hint={t('catalogAdmin.bankAccounts.typeHint')}
          maxLength={50}
          {...bind('type', 'bank-account-type')}
        />
        <TextField
          label={optional(t('catalogAdmin.bankAccounts.max'))}
          hint={t('catalogAdmin.bankAccounts.maxHint')}
          inputMode="decimal"
          {...bind('max', 'bank-account-max')}
        />
        <CheckField
          className="catalog-check--aligned"
          label={t('catalogAdmin.bankAccounts.disable')}
          checked={draft.disable}
          onChange={(e) => set('disable', e.target.checked)}
          data-testid="bank-account-disable"
        />
        <CatalogImageField
          kind="bank"
          label={t('catalogAdmin.bankAccounts.image')}
          value={draft.image}
          onChange={(v) => set('image', v)}
          error={errorText('image')}
          testId="bank-account-image"
        />
        <CatalogImageField
          kind="bank"
          label={t('catalogAdmin.bankAccounts.icon')}
          value={draft.icon}
          onChange={(v) => set('icon', v)}
          error={errorText('icon')}
          testId="bank-account-icon"
        />
      </div>
    </FormDialog>
  );
}
