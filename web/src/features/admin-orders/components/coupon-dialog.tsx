import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CouponInput, CouponView } from '@rian/proto-contracts/coupons';
import { CheckField } from '@/components/ui/check-field';
import { FormDialog } from '@/components/ui/form-dialog';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { useEditForm, type FormErrors } from '@/hooks/use-edit-form';
import type { Message } from '@/lib/message';
import { bahtInput, parseBaht } from '@/lib/money';
import { useSaveCoupon } from '../api/coupons';
import type { ProductChoice } from '../api/coupon-products';

type CouponType = CouponView['type'];
type ProductScope = CouponView['productScope'];
type ValueField = 'price' | 'percent' | 'point' | 'pay';

// Spec 02 §3 value lists, kept here: the contracts modules carry TypeBox, which stays out of the bundle.
const COUPON_TYPES: readonly CouponType[] = ['All', 'Price', 'Percent', 'Point', 'Pay'];
const PRODUCT_SCOPES: readonly ProductScope[] = ['Only', 'All'];
/** The one value each type keeps (All takes the whole price: no value). */
const VALUE_OF: Record<CouponType, ValueField | null> = {
  All: null,
  Price: 'price',
  Percent: 'percent',
  Point: 'point',
  Pay: 'pay',
};
const MAX_WHOLE = 100_000_000;

type Draft = {
  productScope: ProductScope;
  productId: string;
  code: string;
  name: string;
  detail: string;
  type: CouponType;
  price: string;
  percent: string;
  point: string;
  pay: string;
  start: string;
  startTime: string;
  to: string;
  toTime: string;
  limit: string;
  memberOnly: boolean;
  emailOnly: boolean;
};
const FIELDS = [
  'productScope',
  'productId',
  'code',
  'name',
  'detail',
  'type',
  'price',
  'percent',
  'point',
  'pay',
  'start',
  'startTime',
  'to',
  'toTime',
  'limit',
  'memberOnly',
  'emailOnly',
] as const;

const REQUIRED: Message = { key: 'validation.required' };
const PERCENT = /^[0-9]{1,3}(\.[0-9]{1,2})?$/;
const WHOLE = /^[0-9]+$/;

function wholeOrNull(value: string): number | null {
  const v = value.trim();
  return WHOLE.test(v) && Number(v) <= MAX_WHOLE ? Number(v) : null;
}

/** The check of the type's own value: required, and in its unit. */
function valueCheck(field: ValueField, value: string): Message | null {
  const v = value.trim();
  if (!v) return REQUIRED;
  switch (field) {
    case 'price':
    case 'pay':
      return parseBaht(v) === null ? { key: 'couponAdmin.validation.money' } : null;
    case 'percent':
      return PERCENT.test(v) && Number(v) <= 100 ? null : { key: 'couponAdmin.validation.percent' };
    case 'point':
      return wholeOrNull(v) === null ? { key: 'couponAdmin.validation.whole' } : null;
  }
}

function validate(d: Draft): FormErrors<Draft> {
  const errors: FormErrors<Draft> = {};
  if (!d.code.trim()) errors.code = REQUIRED;
  if (d.productScope === 'Only' && !d.productId) errors.productId = REQUIRED;
  const own = VALUE_OF[d.type];
  const valueError = own && valueCheck(own, d[own]);
  if (own && valueError) errors[own] = valueError;
  if (d.limit.trim() && wholeOrNull(d.limit) === null) errors.limit = { key: 'couponAdmin.validation.whole' };
  // an open start time is the start of its day, an open end time the end of its day (as the server reads them)
  if (d.start && d.to && `${d.start} ${d.startTime || '00:00'}` > `${d.to} ${d.toTime || '23:59'}`) {
    errors.to = { key: 'couponAdmin.validation.toBeforeStart' };
  }
  return errors;
}

/** The whole coupon as PUT/POST take it: only the chosen type's value, an empty limit as null (unlimited). */
function body(d: Draft, coupon: CouponView | null): CouponInput {
  const own = VALUE_OF[d.type];
  const value = (field: ValueField) => (own === field ? d[field].trim() : '');
  return {
    code: d.code.trim(),
    name: d.name.trim(),
    detail: d.detail.trim() || null,
    productScope: d.productScope,
    productId: d.productScope === 'Only' ? d.productId : null,
    type: d.type,
    price: value('price') ? parseBaht(value('price')) : null,
    percent: value('percent') ? Number(value('percent')) : null,
    point: value('point') ? wholeOrNull(value('point')) : null,
    pay: value('pay') ? parseBaht(value('pay')) : null,
    start: d.start || null,
    startTime: d.startTime || null,
    to: d.to || null,
    toTime: d.toTime || null,
    limit: d.limit.trim() ? wholeOrNull(d.limit) : null,
    memberOnly: d.memberOnly ? 'Y' : 'N',
    emailOnly: d.emailOnly ? 'Y' : 'N',
    // not on this form, but PUT replaces the whole coupon: an edit keeps what was stored
    ...(coupon && {
      year: coupon.year,
      month: coupon.month,
      day: coupon.day,
      hour: coupon.hour,
      payment: coupon.payment,
    }),
  };
}

/**
 * A coupon (spec 02 §3 Coupon; defaults §9: product type Only, type All, member-only N, e-mail-only N).
 * Only the chosen type's value field shows; changing the type clears the values (spec 02 §5).
 */
export function CouponDialog({
  coupon,
  products,
  defaultProductId,
  onClose,
}: {
  coupon: CouponView | null;
  products: readonly ProductChoice[];
  defaultProductId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveCoupon();
  const form = useEditForm<Draft>(() => ({
    productScope: coupon?.productScope ?? 'Only',
    productId: coupon?.productId ?? defaultProductId,
    code: coupon?.code ?? '',
    name: coupon?.name ?? '',
    detail: coupon?.detail ?? '',
    type: coupon?.type ?? 'All',
    price: bahtInput(coupon?.price),
    percent: coupon?.percent === null || coupon?.percent === undefined ? '' : String(coupon.percent),
    point: coupon?.point === null || coupon?.point === undefined ? '' : String(coupon.point),
    pay: bahtInput(coupon?.pay),
    start: coupon?.start ?? '',
    startTime: coupon?.startTime ?? '',
    to: coupon?.to ?? '',
    toTime: coupon?.toTime ?? '',
    limit: coupon?.limit === null || coupon?.limit === undefined ? '' : String(coupon.limit),
    memberOnly: coupon?.memberOnly === 'Y',
    emailOnly: coupon?.emailOnly === 'Y',
  }));
  const { draft, set, bind, errorText } = form;
  const own = VALUE_OF[draft.type];
  // a product no longer in the choices (older than the newest 100) still shows as chosen
  const productMissing = Boolean(draft.productId) && !products.some((p) => p.id === draft.productId);

  function changeType(type: CouponType) {
    set('type', type);
    for (const field of ['price', 'percent', 'point', 'pay'] as const) set(field, '');
  }

  async function onSubmit(event: FormEvent) {
    const ok = await form.submit(event, {
      validate,
      send: (d) => save.mutateAsync({ id: coupon?.id ?? null, body: body(d, coupon) }),
      fields: FIELDS,
      codeFields: { 'coupon.code_taken': 'code' },
    });
    if (ok) onClose();
  }

  const optional = (label: string) => `${label} ${t('couponAdmin.optional')}`;

  return (
    <FormDialog
      title={coupon ? t('couponAdmin.editTitle', { code: coupon.code }) : t('couponAdmin.createTitle')}
      description={t('couponAdmin.description')}
      closeLabel={t('form.close')}
      cancelLabel={t('form.cancel')}
      submitLabel={coupon ? t('couponAdmin.save') : t('couponAdmin.create')}
      onClose={onClose}
      onSubmit={(e) => void onSubmit(e)}
      pending={form.pending}
      error={form.formError}
      formRef={form.formRef}
      wide
      testId="coupon"
    >
      <div className="form__grid">
        <SelectField
          label={t('couponAdmin.scope')}
          value={draft.productScope}
          onChange={(e) => set('productScope', e.target.value as ProductScope)}
          error={errorText('productScope')}
          data-testid="coupon-scope"
        >
          {PRODUCT_SCOPES.map((scope) => (
            <option key={scope} value={scope}>
              {t(`couponAdmin.scopes.${scope}`)}
            </option>
          ))}
        </SelectField>
        {draft.productScope === 'Only' && (
          <SelectField label={t('couponAdmin.product')} {...bind('productId', 'coupon-product')}>
            <option value="">{t('couponAdmin.choose')}</option>
            {productMissing && (
              <option value={draft.productId}>
                {t('couponAdmin.unknownProduct', { id: draft.productId.slice(0, 8) })}
              </option>
            )}
            {products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title} ({p.url})
              </option>
            ))}
          </SelectField>
        )}
      </div>
      <div className="form__grid">
        <TextField
          label={t('couponAdmin.code')}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          {...bind('code', 'coupon-code')}
        />
        <TextField label={optional(t('couponAdmin.name'))} maxLength={200} {...bind('name', 'coupon-name')} />
      </div>
      <div className="form__grid">
        <SelectField
          label={t('couponAdmin.type')}
          value={draft.type}
          onChange={(e) => changeType(e.target.value as CouponType)}
          error={errorText('type')}
          data-testid="coupon-type"
        >
          {COUPON_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`couponAdmin.types.${type}`)}
            </option>
          ))}
        </SelectField>
        {own === 'price' || own === 'pay' ? (
          <TextField
            key={own}
            label={t(`couponAdmin.${own}`)}
            hint={t('couponAdmin.moneyHint')}
            inputMode="decimal"
            {...bind(own, `coupon-${own}`)}
          />
        ) : own === 'percent' ? (
          <TextField
            key={own}
            label={t('couponAdmin.percent')}
            hint={t('couponAdmin.percentHint')}
            inputMode="decimal"
            {...bind('percent', 'coupon-percent')}
          />
        ) : own === 'point' ? (
          <TextField
            key={own}
            label={t('couponAdmin.point')}
            inputMode="numeric"
            {...bind('point', 'coupon-point')}
          />
        ) : (
          <p className="field__hint" data-testid="coupon-all-hint">
            {t('couponAdmin.allHint')}
          </p>
        )}
      </div>
      <div className="form__grid">
        <TextField label={optional(t('couponAdmin.start'))} type="date" {...bind('start', 'coupon-start')} />
        <TextField
          label={optional(t('couponAdmin.startTime'))}
          type="time"
          {...bind('startTime', 'coupon-start-time')}
        />
        <TextField label={optional(t('couponAdmin.to'))} type="date" {...bind('to', 'coupon-to')} />
        <TextField
          label={optional(t('couponAdmin.toTime'))}
          type="time"
          {...bind('toTime', 'coupon-to-time')}
        />
        <TextField
          label={optional(t('couponAdmin.limit'))}
          hint={t('couponAdmin.limitHint')}
          inputMode="numeric"
          {...bind('limit', 'coupon-limit')}
        />
      </div>
      <fieldset className="checks">
        <legend className="field__label">{t('couponAdmin.flags')}</legend>
        <div className="form__grid">
          <CheckField
            label={t('couponAdmin.memberOnly')}
            checked={draft.memberOnly}
            onChange={(e) => set('memberOnly', e.target.checked)}
            data-testid="coupon-member-only"
          />
          <CheckField
            label={t('couponAdmin.emailOnly')}
            checked={draft.emailOnly}
            onChange={(e) => set('emailOnly', e.target.checked)}
            data-testid="coupon-email-only"
          />
        </div>
      </fieldset>
      <TextAreaField
        label={optional(t('couponAdmin.detail'))}
        maxLength={5_000}
        {...bind('detail', 'coupon-detail')}
      />
    </FormDialog>
  );
}
