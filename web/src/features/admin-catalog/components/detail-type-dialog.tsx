import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DetailTypeStaff } from '@rian/proto-contracts/catalog-content';
import { FormDialog } from '@/components/ui/form-dialog';
import { TextField } from '@/components/ui/text-field';
import { useEditForm } from '@/hooks/use-edit-form';
import { useSaveDetailType } from '../api/details';
import { failed, requiredText, wholeNumber } from '../lib/fields';

type Draft = { tabName: string; item: string };

/** A tab of the product page (spec "Product detail type": product_detail_tab_name), shared by all products. */
export function DetailTypeDialog({ type, onClose }: { type: DetailTypeStaff | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveDetailType();
  const form = useEditForm<Draft>(() => ({ tabName: type?.tabName ?? '', item: String(type?.item ?? 1) }));

  async function onSubmit(event: FormEvent) {
    const ok = await form.submit(event, {
      validate: (d) =>
        failed<keyof Draft>({
          tabName: requiredText(d.tabName),
          item: wholeNumber(d.item, 1, 1_000_000, { required: true }),
        }),
      send: (d) =>
        save.mutateAsync({ id: type?.id ?? null, body: { tabName: d.tabName.trim(), item: Number(d.item) } }),
      fields: ['tabName', 'item'],
    });
    if (ok) onClose();
  }

  return (
    <FormDialog
      title={type ? t('catalogAdmin.detailTypes.editTitle') : t('catalogAdmin.detailTypes.createTitle')}
      description={t('catalogAdmin.detailTypes.description')}
      closeLabel={t('form.close')}
      cancelLabel={t('form.cancel')}
      submitLabel={type ? t('catalogAdmin.save') : t('catalogAdmin.create')}
      onClose={onClose}
      onSubmit={(e) => void onSubmit(e)}
      pending={form.pending}
      error={form.formError}
      formRef={form.formRef}
      testId="detail-type-dialog"
    >
      <div className="form__grid">
        <TextField
          label={t('catalogAdmin.detailTypes.tabName')}
          maxLength={100}
          {...form.bind('tabName', 'detail-type-name')}
        />
        <TextField
          label={t('catalogAdmin.item')}
          hint={t('catalogAdmin.itemHint')}
          inputMode="numeric"
          {...form.bind('item', 'detail-type-item')}
        />
      </div>
    </FormDialog>
  );
}
