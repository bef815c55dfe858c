import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { InstallmentPlanStaff, InstallmentPlanType } from '@rian/proto-contracts/catalog-commerce';
import type { ProductStaff } from '@rian/proto-contracts/catalog';
import { FormDialog } from '@/components/ui/form-dialog';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { useEditForm } from '@/hooks/use-edit-form';
import { useSavePlan } from '../api/installment-plans';
import { failed, requiredText, textOrNull, wholeNumber, windowEnd } from '../lib/fields';
import { PLAN_COUNT, PLAN_TYPES } from '../lib/options';

type Draft = {
  productId: string;
  name: string;
  detail: string;
  type: InstallmentPlanType;
  count: string;
  start: string;
  to: string;
};
const FIELDS = ['productId', 'name', 'detail', 'type', 'count', 'start', 'to'] as const;

/** An instalment plan of a product (spec "Product instalment plan"): who may use it, how many payments, when. */
export function PlanDialog({
  plan,
  products,
  defaultProductId,
  onClose,
}: {
  plan: InstallmentPlanStaff | null;
  products: readonly ProductStaff[];
  defaultProductId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSavePlan();
  const form = useEditForm<Draft>(() => ({
    productId: plan?.productId ?? defaultProductId,
    name: plan?.name ?? '',
    detail: plan?.detail ?? '',
    type: plan?.type ?? 'all',
    count: String(plan?.count ?? PLAN_COUNT.default),
    start: plan?.start ?? '',
    to: plan?.to ?? '',
  }));
  const { draft, set, bind, errorText } = form;

  async function onSubmit(event: FormEvent) {
    const ok = await form.submit(event, {
      validate: (d) =>
        failed<keyof Draft>({
          productId: plan ? null : requiredText(d.productId),
          name: requiredText(d.name),
          count: wholeNumber(d.count, PLAN_COUNT.min, PLAN_COUNT.max, { required: true }),
          to: windowEnd(d.start, d.to),
        }),
      send: (d) => {
        const fields = {
          name: d.name.trim(),
          detail: textOrNull(d.detail),
          type: d.type,
          count: Number(d.count),
          start: d.start || null,
          to: d.to || null,
        };
        // the product of a plan never changes (make a new plan instead)
        return plan
          ? save.mutateAsync({ id: plan.id, body: fields })
          : save.mutateAsync({ id: null, body: { productId: d.productId, ...fields } });
      },
      fields: FIELDS,
    });
    if (ok) onClose();
  }

  return (
    <FormDialog
      title={plan ? t('catalogAdmin.plans.editTitle') : t('catalogAdmin.plans.createTitle')}
      description={t('catalogAdmin.plans.description')}
      closeLabel={t('form.close')}
      cancelLabel={t('form.cancel')}
      submitLabel={plan ? t('catalogAdmin.save') : t('catalogAdmin.create')}
      onClose={onClose}
      onSubmit={(e) => void onSubmit(e)}
      pending={form.pending}
      error={form.formError}
      formRef={form.formRef}
      testId="plan-dialog"
    >
      <div className="form__grid">
        {plan ? (
          <TextField
            className="catalog-form__full"
            label={t('catalogAdmin.plans.product')}
            value={plan.productTitle}
            readOnly
          />
        ) : (
          <SelectField
            className="catalog-form__full"
            label={t('catalogAdmin.plans.product')}
            value={draft.productId}
            onChange={(e) => set('productId', e.target.value)}
            error={errorText('productId')}
            data-testid="plan-product"
          >
            <option value="">{t('catalogAdmin.choose')}</option>
            {products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title} ({p.url})
              </option>
            ))}
          </SelectField>
        )}
        <TextField label={t('catalogAdmin.plans.name')} maxLength={200} {...bind('name', 'plan-name')} />
        <SelectField
          label={t('catalogAdmin.plans.type')}
          value={draft.type}
          onChange={(e) => set('type', e.target.value as InstallmentPlanType)}
          error={errorText('type')}
          data-testid="plan-type"
        >
          {PLAN_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`catalogAdmin.plans.types.${type}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('catalogAdmin.plans.count')}
          hint={t('catalogAdmin.plans.countHint', { min: PLAN_COUNT.min, max: PLAN_COUNT.max })}
          inputMode="numeric"
          {...bind('count', 'plan-count')}
        />
        <div className="catalog-spacer" />
        <TextField
          label={`${t('catalogAdmin.start')} ${t('form.optional')}`}
          type="date"
          {...bind('start', 'plan-start')}
        />
        <TextField
          label={`${t('catalogAdmin.to')} ${t('form.optional')}`}
          type="date"
          {...bind('to', 'plan-to')}
        />
        <TextAreaField
          className="catalog-form__full"
          label={`${t('catalogAdmin.plans.detail')} ${t('form.optional')}`}
          maxLength={5_000}
          {...bind('detail', 'plan-detail')}
        />
      </div>
    </FormDialog>
  );
}
