import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductCreateBody, ProductStaff } from '@rian/proto-contracts/catalog';
import type { PackageCreateBody, PackageStaff } from '@rian/proto-contracts/catalog-commerce';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckField } from '@/components/ui/check-field';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { useEditForm } from '@/hooks/use-edit-form';
import { bahtInput, parseBaht } from '@/lib/money';
import {
  failed,
  money,
  requiredText,
  textOrNull,
  urlSegment,
  wholeNumber,
  windowEnd,
  yn,
} from '../lib/fields';
import { PRODUCT_FORMATS, type ProductFormat } from '../lib/options';
import { CatalogImageField } from './catalog-image-field';
import { MainCourseField } from './main-course-field';
import { TokenField, tokenBody, type TokenEdit } from './token-field';

/** Products and packages share their shape (spec 02 §3); products add code, course, year, type, coin pay. */
export type OfferKind = 'product' | 'package';
type Offer = ProductStaff | PackageStaff;

type Draft = {
  url: string;
  title: string;
  subtitle: string;
  detail: string;
  start: string;
  to: string;
  price: string;
  priceUnchanged: string;
  format: ProductFormat;
  status: string;
  type: string;
  year: string;
  code: string;
  coursesId: string;
  img: string | null;
  imgCourse: string | null;
  imgSlide: string | null;
  disable: boolean;
  book: boolean;
  priceList: boolean;
  coinPay: boolean;
  lineToken: TokenEdit;
  telegramToken: TokenEdit;
};
type Field = keyof Draft;
const FIELDS: readonly Field[] = [
  'url',
  'title',
  'subtitle',
  'detail',
  'start',
  'to',
  'price',
  'priceUnchanged',
  'format',
  'status',
  'type',
  'year',
  'code',
  'coursesId',
  'img',
  'imgCourse',
  'imgSlide',
];

function isProduct(offer: Offer | null): offer is ProductStaff {
  return offer !== null && 'code' in offer;
}

function draftOf(kind: OfferKind, offer: Offer | null): Draft {
  const product = isProduct(offer) ? offer : null;
  return {
    url: offer?.url ?? '',
    title: offer?.title ?? '',
    subtitle: offer?.subtitle ?? '',
    detail: offer?.detail ?? '',
    start: offer?.start ?? '',
    to: offer?.to ?? '',
    price: offer ? bahtInput(offer.price) : '',
    priceUnchanged: bahtInput(offer?.priceUnchanged),
    format: (PRODUCT_FORMATS as readonly string[]).includes(offer?.format ?? '')
      ? (offer?.format as ProductFormat)
      : 'online',
    status: offer?.status ?? 'coming',
    type: product?.type ?? 'product',
    year: product?.year ? String(product.year) : '',
    code: product?.code ?? '',
    coursesId: product?.coursesId ?? '',
    img: offer?.img ?? null,
    imgCourse: offer?.imgCourse ?? null,
    imgSlide: offer?.imgSlide ?? null,
    disable: offer?.disable === 'Y',
    book: offer?.book === 'Y',
    // spec 02 §3: a product's price_list defaults to N, a package's to Y
    priceList: offer ? offer.priceList === 'Y' : kind === 'package',
    coinPay: product?.coinPay === 'Y',
    lineToken: { value: '', clear: false },
    telegramToken: { value: '', clear: false },
  };
}

function validate(d: Draft) {
  return failed<Field>({
    url: urlSegment(d.url),
    title: requiredText(d.title),
    price: money(d.price),
    priceUnchanged: money(d.priceUnchanged, { required: false }),
    to: windowEnd(d.start, d.to),
    year: wholeNumber(d.year, 2000, 2200),
  });
}

/** Everything the form shows is sent: an emptied text is null (cleared); a token only when changed. */
function bodyOf(kind: OfferKind, d: Draft): ProductCreateBody | PackageCreateBody {
  const lineToken = tokenBody(d.lineToken);
  const telegramToken = tokenBody(d.telegramToken);
  const common = {
    url: d.url.trim(),
    title: d.title.trim(),
    subtitle: textOrNull(d.subtitle),
    detail: textOrNull(d.detail),
    start: d.start || null,
    to: d.to || null,
    price: parseBaht(d.price) ?? 0,
    priceUnchanged: d.priceUnchanged.trim() ? parseBaht(d.priceUnchanged) : null,
    img: d.img,
    imgCourse: d.imgCourse,
    imgSlide: d.imgSlide,
    format: d.format,
    status: d.status.trim() || 'coming',
    disable: yn(d.disable),
    book: yn(d.book),
    priceList: yn(d.priceList),
    ...(lineToken !== undefined ? { lineToken } : {}),
    ...(telegramToken !== undefined ? { telegramToken } : {}),
  };
  if (kind === 'package') return common;
  return {
    ...common,
    type: d.type.trim() || 'product',
    year: d.year.trim() ? Number(d.year) : null,
    code: textOrNull(d.code),
    coursesId: textOrNull(d.coursesId),
    coinPay: yn(d.coinPay),
  };
}

/** The create/edit form of a product or a package (every writable field; images through media). */
export function OfferForm({
  kind,
  offer,
  save,
  onCancel,
  onSaved,
}: {
  kind: OfferKind;
  offer: Offer | null;
  save: (body: ProductCreateBody | PackageCreateBody) => Promise<unknown>;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const form = useEditForm<Draft>(() => draftOf(kind, offer));
  const { draft, set, bind, errorText } = form;
  const product = kind === 'product';
  const p = (name: string) => `${kind}-${name}`;

  async function onSubmit(event: FormEvent) {
    const ok = await form.submit(event, {
      validate,
      send: (d) => save(bodyOf(kind, d)),
      fields: FIELDS,
      codeFields: { 'catalog.product_url_taken': 'url', 'catalog.package_url_taken': 'url' },
    });
    if (ok) onSaved();
  }

  const optional = (label: string) => `${label} ${t('form.optional')}`;

  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={(e) => void onSubmit(e)}>
      {form.formError && (
        <Alert>
          <span data-testid={p('error')}>{form.formError}</span>
        </Alert>
      )}
      <div className="form__grid">
        <TextField
          label={t('catalogAdmin.offer.url')}
          hint={t(`catalogAdmin.offer.urlHint.${kind}`)}
          autoComplete="off"
          maxLength={120}
          {...bind('url', p('url'))}
        />
        <TextField label={t('catalogAdmin.offer.title')} maxLength={200} {...bind('title', p('title'))} />
        <TextField
          label={optional(t('catalogAdmin.offer.subtitle'))}
          maxLength={300}
          {...bind('subtitle', p('subtitle'))}
        />
        <TextField
          label={t('catalogAdmin.offer.status')}
          hint={t('catalogAdmin.offer.statusHint')}
          maxLength={40}
          {...bind('status', p('status'))}
        />
        <TextField
          label={t('catalogAdmin.offer.price')}
          inputMode="decimal"
          hint={t('catalogAdmin.moneyHint')}
          {...bind('price', p('price'))}
        />
        <TextField
          label={optional(t('catalogAdmin.offer.priceUnchanged'))}
          inputMode="decimal"
          hint={t('catalogAdmin.offer.priceUnchangedHint')}
          {...bind('priceUnchanged', p('priceUnchanged'))}
        />
        <TextField label={optional(t('catalogAdmin.start'))} type="date" {...bind('start', p('start'))} />
        <TextField label={optional(t('catalogAdmin.to'))} type="date" {...bind('to', p('to'))} />
        <SelectField
          label={t('catalogAdmin.offer.format')}
          value={draft.format}
          onChange={(e) => set('format', e.target.value as ProductFormat)}
          error={errorText('format')}
          data-testid={p('format')}
        >
          {PRODUCT_FORMATS.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </SelectField>
        {product && (
          <>
            <TextField
              label={t('catalogAdmin.offer.type')}
              hint={t('catalogAdmin.offer.typeHint')}
              maxLength={40}
              {...bind('type', p('type'))}
            />
            <TextField
              label={optional(t('catalogAdmin.offer.year'))}
              inputMode="numeric"
              {...bind('year', p('year'))}
            />
            <TextField
              label={optional(t('catalogAdmin.offer.code'))}
              maxLength={40}
              {...bind('code', p('code'))}
            />
            <MainCourseField
              label={optional(t('catalogAdmin.offer.coursesId'))}
              value={draft.coursesId}
              onChange={(id) => set('coursesId', id)}
              error={errorText('coursesId')}
              testId={p('coursesId')}
            />
          </>
        )}
        <TextAreaField
          className="catalog-form__full"
          label={optional(t('catalogAdmin.offer.detail'))}
          rows={5}
          maxLength={20_000}
          {...bind('detail', p('detail'))}
        />
        <fieldset className="checks catalog-form__full">
          <legend className="field__label">{t('catalogAdmin.offer.flags')}</legend>
          <div className="checks__grid catalog-flags">
            <CheckField
              label={t('catalogAdmin.offer.disable')}
              checked={draft.disable}
              onChange={(e) => set('disable', e.target.checked)}
              data-testid={p('disable')}
            />
            <CheckField
              label={t('catalogAdmin.offer.book')}
              checked={draft.book}
              onChange={(e) => set('book', e.target.checked)}
              data-testid={p('book')}
            />
            <CheckField
              label={t('catalogAdmin.offer.priceList')}
              checked={draft.priceList}
              onChange={(e) => set('priceList', e.target.checked)}
              data-testid={p('priceList')}
            />
            {product && (
              <CheckField
                label={t('catalogAdmin.offer.coinPay')}
                checked={draft.coinPay}
                onChange={(e) => set('coinPay', e.target.checked)}
                data-testid={p('coinPay')}
              />
            )}
          </div>
        </fieldset>
        <CatalogImageField
          kind="product"
          label={t('catalogAdmin.offer.img')}
          value={draft.img}
          onChange={(v) => set('img', v)}
          error={errorText('img')}
          testId={p('img')}
        />
        <CatalogImageField
          kind="course"
          label={t('catalogAdmin.offer.imgCourse')}
          value={draft.imgCourse}
          onChange={(v) => set('imgCourse', v)}
          error={errorText('imgCourse')}
          testId={p('imgCourse')}
        />
        <CatalogImageField
          kind="slide"
          label={t('catalogAdmin.offer.imgSlide')}
          value={draft.imgSlide}
          onChange={(v) => set('imgSlide', v)}
          error={errorText('imgSlide')}
          testId={p('imgSlide')}
        />
        <div className="catalog-spacer" />
        <TokenField
          label={t('catalogAdmin.offer.lineToken')}
          isSet={offer?.hasLineToken ?? false}
          edit={draft.lineToken}
          onChange={(edit) => set('lineToken', edit)}
          testId={p('lineToken')}
        />
        <TokenField
          label={t('catalogAdmin.offer.telegramToken')}
          isSet={offer?.hasTelegramToken ?? false}
          edit={draft.telegramToken}
          onChange={(edit) => set('telegramToken', edit)}
          testId={p('telegramToken')}
        />
      </div>
      <div className="form__actions">
        <Button variant="secondary" onClick={onCancel}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" loading={form.pending} data-testid={p('save')}>
          {offer ? t('catalogAdmin.save') : t('catalogAdmin.create')}
        </Button>
      </div>
    </form>
  );
}
