import type { PackageCreateBody, PackageUpdateBody } from '@rian/proto-contracts/catalog-commerce';
import type { YesNo } from '@rian/proto-contracts/enums';
import { patched, textAndWindowProblems, type RuleProblem } from './field-rules.js';
import { PRODUCT_DEFAULTS, type ProductFields } from './product-rules.js';

/** Spec 02 §3 Package defaults: format online, status coming, disable N, book N, price_list Y. */
export const PACKAGE_DEFAULTS = {
  format: 'online',
  status: 'coming',
  disable: 'N',
  book: 'N',
  priceList: 'Y',
} as const;

/** A product made from a package says so in its type. */
export const PACKAGE_PRODUCT_TYPE = 'package';

export interface PackageFields {
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
  format: string;
  status: string;
  disable: YesNo;
  book: YesNo;
  priceList: YesNo;
  lineToken: string | null;
  telegramToken: string | null;
}

/** A blank token means "no channel" (the back-office form sends "" for an empty field). */
function token(v: string | null | undefined): string | null {
  const t = v?.trim();
  return t ? t : null;
}

export function newPackageFields(body: PackageCreateBody): PackageFields {
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
    format: body.format ?? PACKAGE_DEFAULTS.format,
    status: body.status ?? PACKAGE_DEFAULTS.status,
    disable: body.disable ?? PACKAGE_DEFAULTS.disable,
    book: body.book ?? PACKAGE_DEFAULTS.book,
    priceList: body.priceList ?? PACKAGE_DEFAULTS.priceList,
    lineToken: token(body.lineToken),
    telegramToken: token(body.telegramToken),
  };
}

export function updatedPackageFields(current: PackageFields, body: PackageUpdateBody): PackageFields {
  const next = patched(current, body);
  next.title = next.title.trim();
  if (Object.hasOwn(body, 'lineToken')) next.lineToken = token(body.lineToken);
  if (Object.hasOwn(body, 'telegramToken')) next.telegramToken = token(body.telegramToken);
  return next;
}

export function packageFieldProblems(f: Pick<PackageFields, 'title' | 'start' | 'to'>): RuleProblem[] {
  return textAndWindowProblems({ title: f.title }, f);
}

/**
 * Spec 02 §7 "CreatePackages": the sellable product a package becomes — its texts, images, window,
 * prices, flags and chat channels, type `package`, at `url`. Enabled or not as the package is;
 * the product's own fields (code, year, coin payment) start at the product defaults.
 */
export function productFromPackage(pkg: PackageFields, url: string): ProductFields {
  return {
    url,
    title: pkg.title,
    subtitle: pkg.subtitle,
    detail: pkg.detail,
    start: pkg.start,
    to: pkg.to,
    price: pkg.price,
    priceUnchanged: pkg.priceUnchanged,
    img: pkg.img,
    imgCourse: pkg.imgCourse,
    imgSlide: pkg.imgSlide,
    code: null,
    coursesId: null,
    year: null,
    format: pkg.format,
    type: PACKAGE_PRODUCT_TYPE,
    status: pkg.status,
    disable: pkg.disable,
    book: pkg.book,
    priceList: pkg.priceList,
    coinPay: PRODUCT_DEFAULTS.coinPay,
    lineToken: pkg.lineToken,
    telegramToken: pkg.telegramToken,
  };
}
