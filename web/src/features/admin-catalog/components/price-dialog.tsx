import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PriceCreateBody, PriceStaff, PriceType } from '@rian/proto-contracts/catalog-commerce';
import { CheckField } from '@/components/ui/check-field';
import { FormDialog } from '@/components/ui/form-dialog';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { useEditForm } from '@/hooks/use-edit-form';
import { MEMBERSHIP_CODES } from '@/lib/membership-codes';
import { bahtInput, parseBaht } from '@/lib/money';
import type { MembershipCode } from '@/types/api';
import { useSavePrice } from '../api/prices';
import { failed, money, requiredText, textOrNull, windowEnd, yn } from '../lib/fields';
import { PRICE_TYPES } from '../lib/options';

type Draft = {
  type: PriceType;
  member: MembershipCode;
  title: string;
  value: string;
  start: string;
  to: string;
  show: boolean;
  fee: boolean;
  detail: string;
};
const FIELDS = ['type', 'member', 'title', 'value', 'start', 'to', 'show', 'fee', 'detail'] as const;

function draftOf(price: PriceStaff | null): Draft {
  return {
    type: price?.type ?? 'NL',
    member: (MEMBERSHIP_CODES as readonly string[]).includes(price?.member ?? '')
      ? (price?.member as MembershipCode)
      : 'NL',
    title: price?.title ?? '',
    value: price ? bahtInput(price.value) : '',
    start: price?.start ?? '',
    to: price?.to ?? '',
    show: price?.show === 'Y',
    fee: price?.fee === 'Y',
    detail: price?.detail ?? '',
  };
}

/** A price package of a product (spec 02 §3 Product price): who may buy (membership code), when, how much. */
export function PriceDialog({
  productId,
  price,
  onClose,
}: {
  productId: string;
  price: PriceStaff | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSavePrice();
  const form = useEditForm<Draft>(() => draftOf(price));
  const { draft, set, bind, errorText } = form;

  async function onSubmit(event: FormEvent) {
    const ok = await form.submit(event, {
      validate: (d) =>
        failed<keyof Draft>({
          title: requiredText(d.title),
          value: money(d.value),
          to: windowEnd(d.start, d.to),
        }),
      send: (d) => {
        const body: PriceCreateBody = {
          type: d.type,
          member: d.member,
          title: d.title.trim(),
          value: parseBaht(d.value) ?? 0,
          start: d.start || null,
          to: d.to || null,
          show: yn(d.show),
          fee: yn(d.fee),
          detail: textOrNull(d.detail),
        };
        return save.mutateAsync({ productId, id: price?.id ?? null, body });
      },
      fields: FIELDS,
    });
    if (ok) onClose();
  }

  return (
    <FormDialog
      title={price ? t('catalogAdmin.prices.editTitle') : t('catalogAdmin.prices.createTitle')}
      description={t('catalogAdmin.prices.description')}
      closeLabel={t('form.close')}
      cancelLabel={t('form.cancel')}
      submitLabel={price ? t('catalogAdmin.save') : t('catalogAdmin.create')}
      onClose={onClose}
      onSubmit={(e) => void onSubmit(e)}
      pending={form.pending}
      error={form.formError}
      formRef={form.formRef}
      testId="price-dialog"
    >
      <div className="form__grid">
        <SelectField
          label={t('catalogAdmin.prices.type')}
          value={draft.type}
          onChange={(e) => set('type', e.target.value as PriceType)}
          error={errorText('type')}
          data-testid="price-type"
        >
          {PRICE_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`catalogAdmin.prices.types.${type}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('catalogAdmin.prices.member')}
          hint={t('catalogAdmin.prices.memberHint')}
          value={draft.member}
          onChange={(e) => set('member', e.target.value as MembershipCode)}
          error={errorText('member')}
          data-testid="price-member"
        >
          {MEMBERSHIP_CODES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </SelectField>
        <TextField label={t('catalogAdmin.prices.title')} maxLength={200} {...bind('title', 'price-title')} />
        <TextField
          label={t('catalogAdmin.prices.value')}
          inputMode="decimal"
          hint={t('catalogAdmin.moneyHint')}
          {...bind('value', 'price-value')}
        />
        <TextField
          label={`${t('catalogAdmin.start')} ${t('form.optional')}`}
          type="date"
          {...bind('start', 'price-start')}
        />
        <TextField
          label={`${t('catalogAdmin.to')} ${t('form.optional')}`}
          type="date"
          {...bind('to', 'price-to')}
        />
        <CheckField
          label={t('catalogAdmin.prices.show')}
          checked={draft.show}
          onChange={(e) => set('show', e.target.checked)}
          data-testid="price-show"
        />
        <CheckField
          label={t('catalogAdmin.prices.fee')}
          checked={draft.fee}
          onChange={(e) => set('fee', e.target.checked)}
          data-testid="price-fee"
        />
        <TextAreaField
          className="catalog-form__full"
          label={`${t('catalogAdmin.prices.detail')} ${t('form.optional')}`}
          maxLength={5_000}
          {...bind('detail', 'price-detail')}
        />
      </div>
    </FormDialog>
  );
}
