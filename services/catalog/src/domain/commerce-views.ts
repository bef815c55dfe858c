import type {
  InstallmentEmail,
  InstallmentPlanChanged,
  InstallmentPlanPublic,
  InstallmentPlanStaff,
  PackageChanged,
  PackagePublic,
  PackageStaff,
  PriceChanged,
  PricePublic,
  PriceStaff,
  ProductCourses,
  ProductCoursesChanged,
} from '@rian/proto-contracts/catalog-commerce';
import type { EventData } from '@rian/proto-contracts/envelope';
import type { YesNo } from '@rian/proto-contracts/enums';
import type { PriceFields } from './price-rules.js';
import type { PackageFields } from './package-rules.js';
import type { PlanFields } from './installment-rules.js';

/** A record as read back: the ORM may leave a null column undefined. */
type Stored<F> = { [K in keyof F]: null extends F[K] ? F[K] | undefined : F[K] };

interface Audit {
  id: string;
  revision: number;
  createdBy?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const orNull = <T>(v: T | null | undefined): T | null => v ?? null;

// ---------- prices ----------

export type PriceRecord = Stored<PriceFields> &
  Audit & { productId: string; removed: YesNo; removedAt?: Date | null; removedBy?: string | null };

export function storedPriceFields(p: PriceRecord): PriceFields {
  return {
    type: p.type,
    member: p.member,
    value: p.value,
    show: p.show,
    start: orNull(p.start),
    to: orNull(p.to),
    title: p.title,
    detail: orNull(p.detail),
    fee: p.fee,
  };
}

export function pricePublicView(p: PriceRecord): PricePublic {
  return { id: p.id, productId: p.productId, ...storedPriceFields(p) };
}

export function priceStaffView(p: PriceRecord): PriceStaff {
  return {
    ...pricePublicView(p),
    removed: p.removed,
    removedAt: p.removedAt ? p.removedAt.toISOString() : null,
    removedBy: orNull(p.removedBy),
    revision: p.revision,
    createdBy: orNull(p.createdBy),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export function priceChangedData(p: PriceRecord): EventData<typeof PriceChanged> {
  const { id, ...fields } = pricePublicView(p);
  return {
    priceId: id,
    ...fields,
    removed: p.removed === 'Y',
    revision: p.revision,
    changedAt: p.updatedAt.toISOString(),
  };
}

// ---------- packages ----------

export type PackageRecord = Stored<PackageFields> & Audit;

export function storedPackageFields(p: PackageRecord): PackageFields {
  return {
    url: p.url,
    title: p.title,
    subtitle: orNull(p.subtitle),
    detail: orNull(p.detail),
    start: orNull(p.start),
    to: orNull(p.to),
    price: p.price,
    priceUnchanged: orNull(p.priceUnchanged),
    img: orNull(p.img),
    imgCourse: orNull(p.imgCourse),
    imgSlide: orNull(p.imgSlide),
    format: p.format,
    status: p.status,
    disable: p.disable,
    book: p.book,
    priceList: p.priceList,
    lineToken: orNull(p.lineToken),
    telegramToken: orNull(p.telegramToken),
  };
}

/** What anyone may read: no disable flag, no secrets. */
export function packagePublicView(record: PackageRecord): PackagePublic {
  const p = storedPackageFields(record);
  return {
    id: record.id,
    url: p.url,
    title: p.title,
    subtitle: p.subtitle,
    detail: p.detail,
    start: p.start,
    to: p.to,
    price: p.price,
    priceUnchanged: p.priceUnchanged,
    img: p.img,
    imgCourse: p.imgCourse,
    imgSlide: p.imgSlide,
    format: p.format,
    status: p.status,
    book: p.book,
    priceList: p.priceList,
  };
}

export function packageStaffView(record: PackageRecord): PackageStaff {
  const p = storedPackageFields(record);
  return {
    ...packagePublicView(record),
    disable: p.disable,
    hasLineToken: p.lineToken !== null,
    hasTelegramToken: p.telegramToken !== null,
    revision: record.revision,
    createdBy: orNull(record.createdBy),
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

export function packageChangedData(record: PackageRecord): EventData<typeof PackageChanged> {
  const { id, revision, createdBy: _by, createdAt: _at, updatedAt, ...rest } = packageStaffView(record);
  return { packageId: id, ...rest, revision, changedAt: updatedAt };
}

// ---------- the courses a product grants ----------

export interface CourseListRecord {
  productId: string;
  courseIds: string[];
  revision: number;
  updatedAt: Date;
}

export function courseListView(productId: string, list: CourseListRecord | null): ProductCourses {
  return list
    ? {
        productId,
        courseIds: list.courseIds,
        revision: list.revision,
        updatedAt: list.updatedAt.toISOString(),
      }
    : { productId, courseIds: [], revision: 0, updatedAt: null };
}

export function courseListChangedData(list: CourseListRecord): EventData<typeof ProductCoursesChanged> {
  return {
    productId: list.productId,
    courseIds: list.courseIds,
    revision: list.revision,
    changedAt: list.updatedAt.toISOString(),
  };
}

// ---------- instalment plans ----------

export type PlanRecord = Stored<PlanFields> & Audit & { productId: string };

export function planPublicView(p: PlanRecord): InstallmentPlanPublic {
  return {
    id: p.id,
    productId: p.productId,
    name: p.name,
    detail: orNull(p.detail),
    type: p.type,
    count: p.count,
    start: orNull(p.start),
    to: orNull(p.to),
  };
}

export function planStaffView(p: PlanRecord, productTitle: string, emailCount: number): InstallmentPlanStaff {
  return {
    ...planPublicView(p),
    productTitle,
    emailCount,
    revision: p.revision,
    createdBy: orNull(p.createdBy),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export function planChangedData(p: PlanRecord, emails: string[]): EventData<typeof InstallmentPlanChanged> {
  const { id, ...fields } = planPublicView(p);
  return { planId: id, ...fields, emails, revision: p.revision, changedAt: p.updatedAt.toISOString() };
}

export interface PlanEmailRecord {
  id: string;
  planId: string;
  email: string;
  removed: YesNo;
  createdAt: Date;
  updatedAt: Date;
}

export function planEmailView(e: PlanEmailRecord): InstallmentEmail {
  return {
    id: e.id,
    planId: e.planId,
    email: e.email,
    removed: e.removed,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}
