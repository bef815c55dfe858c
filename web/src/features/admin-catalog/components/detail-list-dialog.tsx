import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  DetailListCreateBody,
  DetailListStaff,
  DetailTypeStaff,
} from '@rian/proto-contracts/catalog-content';
import { FormDialog } from '@/components/ui/form-dialog';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { useEditForm } from '@/hooks/use-edit-form';
import { useSaveDetailList } from '../api/details';
import { failed, requiredText, textOrNull, wholeNumber } from '../lib/fields';
import { CatalogImageField } from './catalog-image-field';

type Draft = {
  typeId: string;
  title: string;
  detail: string;
  item: string;
  file: string;
  img: string | null;
};
const FIELDS = ['typeId', 'title', 'detail', 'item', 'file', 'img'] as const;

/** One item under a tab of the product page (spec "Product detail list"). */
export function DetailListDialog({
  productId,
  list,
  types,
  onClose,
}: {
  productId: string;
  list: DetailListStaff | null;
  types: readonly DetailTypeStaff[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveDetailList();
  const form = useEditForm<Draft>(() => ({
    typeId: list?.typeId ?? types[0]?.id ?? '',
    title: list?.title ?? '',
    detail: list?.detail ?? '',
    item: String(list?.item ?? 1),
    file: list?.file ?? '',
    img: list?.img ?? null,
  }));
  const { draft, set, bind, errorText } = form;

  async function onSubmit(event: FormEvent) {
    const ok = await form.submit(event, {
      validate: (d) =>
        failed<keyof Draft>({
          typeId: requiredText(d.typeId),
          title: requiredText(d.title),
          item: wholeNumber(d.item, 1, 1_000_000, { required: true }),
        }),
      send: (d) => {
        const body: DetailListCreateBody = {
          productId,
          typeId: d.typeId,
          title: d.title.trim(),
          detail: textOrNull(d.detail),
          item: Number(d.item),
          file: textOrNull(d.file),
          img: d.img,
        };
        return save.mutateAsync({ id: list?.id ?? null, body });
      },
      fields: FIELDS,
    });
    if (ok) onClose();
  }

  return (
    <FormDialog
      title={list ? t('catalogAdmin.details.editTitle') : t('catalogAdmin.details.createTitle')}
      description={t('catalogAdmin.details.description')}
      closeLabel={t('form.close')}
      cancelLabel={t('form.cancel')}
      submitLabel={list ? t('catalogAdmin.save') : t('catalogAdmin.create')}
      onClose={onClose}
      onSubmit={(e) => void onSubmit(e)}
      pending={form.pending}
      error={form.formError}
      formRef={form.formRef}
      testId="detail-dialog"
    >
      <div className="form__grid">
        <SelectField
          label={t('catalogAdmin.details.tab')}
          value={draft.typeId}
          onChange={(e) => set('typeId', e.target.value)}
          error={errorText('typeId')}
          data-testid="detail-type"
        >
          <option value="">{t('catalogAdmin.choose')}</option>
          {types.map((type) => (
            <option key={type.id} value={type.id}>
              {type.tabName}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('catalogAdmin.item')}
          hint={t('catalogAdmin.itemHint')}
          inputMode="numeric"
          {...bind('item', 'detail-item')}
        />
        <TextField
          className="catalog-form__full"
          label={t('catalogAdmin.details.title')}
          maxLength={300}
          {...bind('title', 'detail-title')}
        />
        <TextAreaField
          className="catalog-form__full"
          label={`${t('catalogAdmin.details.detail')} ${t('form.optional')}`}
          rows={5}
          maxLength={20_000}
          {...bind('detail', 'detail-detail')}
        />
        <TextField
          label={`${t('catalogAdmin.details.file')} ${t('form.optional')}`}
          hint={t('catalogAdmin.details.fileHint')}
          maxLength={300}
          {...bind('file', 'detail-file')}
        />
        <CatalogImageField
          kind="product"
          label={t('catalogAdmin.details.img')}
          value={draft.img}
          onChange={(v) => set('img', v)}
          error={errorText('img')}
          testId="detail-img"
        />
      </div>
    </FormDialog>
  );
}
