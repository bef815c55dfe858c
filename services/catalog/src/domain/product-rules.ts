import type { ProductCreateBody, ProductUpdateBody } from '@rian/proto-contracts/catalog';
import type { YesNo } from '@rian/proto-contracts/enums';

/** Spec 02 §3 Product defaults. */
export const PRODUCT_DEFAULTS = {
  format: 'online',
  type: 'product',
  status: 'coming',
  disable: 'N',
  book: 'N',
  priceList: 'N',
  coinPay: 'N',
} as const satisfies Record<string, string>;

/** The stored fields a staff member writes (everything but id, author and timestamps). */
export interface ProductFields {
  url: string;
  title: string;
  subtitle: string | null;
  detail: string | null;
  start: string | null;
  to: string | null;
  price: number;
  priceUnchanged: number | null;
  img: string | null;
  imgCourse: string | null;
  imgSlide: string | null;
  code: string | null;
  coursesId: string | null;
  year: number | null;
  format: string;
  type: string;
  status: string;
  disable: YesNo;
  book: YesNo;
  priceList: YesNo;
  coinPay: YesNo;
  lineToken: string | null;
  telegramToken: string | null;
}

/** A blank token means "no channel" (the back-office form sends "" for an empty field). */
function token(v: string | null | undefined): string | null {
  const t = v?.trim();
  return t ? t : null;
}

/** Fields of a new product: the body with the spec's defaults filled in. */
export function newProductFields(body: ProductCreateBody): ProductFields {
  return {
    url: body.url,
    title: body.title.trim(),
    subtitle: body.subtitle ?? null,
    detail: body.detail ?? null,
    start: body.start ?? null,
    to: body.to ?? null,
    price: body.price,
    priceUnchanged: body.priceUnchanged ?? null,
    img: body.img ?? null,
    imgCourse: body.imgCourse ?? null,
    imgSlide: body.imgSlide ?? null,
    code: body.code ?? null,
    coursesId: body.coursesId ?? null,
    year: body.year ?? null,
    format: body.format ?? PRODUCT_DEFAULTS.format,
    type: body.type ?? PRODUCT_DEFAULTS.type,
    status: body.status ?? PRODUCT_DEFAULTS.status,
    disable: body.disable ?? PRODUCT_DEFAULTS.disable,
    book: body.book ?? PRODUCT_DEFAULTS.book,
    priceList: body.priceList ?? PRODUCT_DEFAULTS.priceList,
    coinPay: body.coinPay ?? PRODUCT_DEFAULTS.coinPay,
    lineToken: token(body.lineToken),
    telegramToken: token(body.telegramToken),
  };
}

/** A partial update applied to the current fields: absent keys keep their value, null clears. */
export function updatedProductFields(current: ProductFields, body: ProductUpdateBody): ProductFields {
  const next: ProductFields = { ...current };
  const keys = Object.keys(current) as (keyof ProductFields)[];
  for (const key of keys) {
    if (!Object.hasOwn(body, key)) continue;
    const value = body[key];
    if (value === undefined) continue;
    Object.assign(next, { [key]: value });
  }
  if (body.title !== undefined) next.title = body.title.trim();
  if (Object.hasOwn(body, 'lineToken')) next.lineToken = token(body.lineToken);
  if (Object.hasOwn(body, 'telegramToken')) next.telegramToken = token(body.telegramToken);
  return next;
}

export type ProductFieldProblem =
  { field: 'title'; rule: 'required' } | { field: 'to'; rule: 'to_before_start' };

/** Rules the schema cannot say: a title of blanks is missing; the window must not end before it starts. */
export function productFieldProblems(
  f: Pick<ProductFields, 'title' | 'start' | 'to'>,
): ProductFieldProblem[] {
  const problems: ProductFieldProblem[] = [];
  if (!f.title) problems.push({ field: 'title', rule: 'required' });
  // yyyy-mm-dd strings compare in date order
  if (f.start && f.to && f.to < f.start) problems.push({ field: 'to', rule: 'to_before_start' });
  return problems;
}
