import type {
  BankAccountPublic,
  BankAccountStaff,
  BankLimitStatus,
  CoachPublic,
  CoachStaff,
  DetailListPublic,
  DetailListStaff,
  DetailTextPublic,
  DetailTextStaff,
  DetailTypePublic,
  DetailTypeStaff,
  InstructorPublic,
  InstructorStaff,
  ProductGroupStaff,
} from '@rian/proto-contracts/catalog-content';
import type { YesNo } from '@rian/proto-contracts/enums';

/** A row as the ORM reads it back: a null column may come back undefined. */
type Nullable<T> = T | null | undefined;
interface Meta {
  id: string;
  createdBy?: Nullable<string>;
  createdAt: Date;
  updatedAt: Date;
}

const n = <T>(v: Nullable<T>): T | null => v ?? null;

function meta(r: Meta): { createdBy: string | null; createdAt: string; updatedAt: string } {
  return {
    createdBy: n(r.createdBy),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export interface CoachRecord extends Meta {
  name: string;
  nickname?: Nullable<string>;
  detail?: Nullable<string>;
  position?: Nullable<string>;
  img?: Nullable<string>;
  pr?: Nullable<string>;
}

export function coachPublic(c: CoachRecord): CoachPublic {
  return {
    id: c.id,
    name: c.name,
    nickname: n(c.nickname),
    detail: n(c.detail),
    position: n(c.position),
    img: n(c.img),
    pr: n(c.pr),
  };
}

export function coachStaff(c: CoachRecord): CoachStaff {
  return { ...coachPublic(c), ...meta(c) };
}

export interface InstructorRecord extends Meta {
  name: string;
  detail?: Nullable<string>;
  content?: Nullable<string>;
  img?: Nullable<string>;
  item: number;
  position?: Nullable<string>;
  facebook?: Nullable<string>;
  twitter?: Nullable<string>;
  youtube?: Nullable<string>;
  pinterest?: Nullable<string>;
  linkedin?: Nullable<string>;
  hide: YesNo;
  featuredMonths: string[];
}

export function instructorPublic(i: InstructorRecord): InstructorPublic {
  return {
    id: i.id,
    name: i.name,
    detail: n(i.detail),
    content: n(i.content),
    img: n(i.img),
    item: i.item,
    position: n(i.position),
    facebook: n(i.facebook),
    twitter: n(i.twitter),
    youtube: n(i.youtube),
    pinterest: n(i.pinterest),
    linkedin: n(i.linkedin),
  };
}

export function instructorStaff(i: InstructorRecord): InstructorStaff {
  return { ...instructorPublic(i), hide: i.hide, featuredMonths: [...i.featuredMonths], ...meta(i) };
}

export interface DetailTypeRecord extends Meta {
  tabName: string;
  item: number;
}

export function detailTypePublic(t: DetailTypeRecord): DetailTypePublic {
  return { id: t.id, tabName: t.tabName, item: t.item };
}

export function detailTypeStaff(t: DetailTypeRecord): DetailTypeStaff {
  return { ...detailTypePublic(t), ...meta(t) };
}

export interface DetailListRecord extends Meta {
  productId: string;
  typeId: string;
  title: string;
  detail?: Nullable<string>;
  item: number;
  file?: Nullable<string>;
  img?: Nullable<string>;
}

export function detailListPublic(l: DetailListRecord): DetailListPublic {
  return {
    id: l.id,
    productId: l.productId,
    typeId: l.typeId,
    title: l.title,
    detail: n(l.detail),
    item: l.item,
    file: n(l.file),
    img: n(l.img),
  };
}

export function detailListStaff(l: DetailListRecord): DetailListStaff {
  return { ...detailListPublic(l), ...meta(l) };
}

export interface DetailTextRecord extends Meta {
  text: string;
}

export function detailTextPublic(t: DetailTextRecord): DetailTextPublic {
  return { id: t.id, text: t.text };
}

export function detailTextStaff(t: DetailTextRecord): DetailTextStaff {
  return { ...detailTextPublic(t), ...meta(t) };
}

export interface ProductGroupRecord extends Meta {
  productId: string;
  memberGroupId: string;
}

export function productGroupStaff(g: ProductGroupRecord): ProductGroupStaff {
  return { id: g.id, productId: g.productId, memberGroupId: g.memberGroupId, ...meta(g) };
}

export interface BankAccountRecord extends Meta {
  bankName: string;
  accountName?: Nullable<string>;
  account: string;
  type?: Nullable<string>;
  image?: Nullable<string>;
  max?: Nullable<number>;
  icon?: Nullable<string>;
  disable: YesNo;
}

export function bankAccountPublic(a: BankAccountRecord): BankAccountPublic {
  return {
    id: a.id,
    bankName: a.bankName,
    accountName: n(a.accountName),
    account: a.account,
    type: n(a.type),
    image: n(a.image),
    icon: n(a.icon),
  };
}

export function bankAccountStaff(a: BankAccountRecord): BankAccountStaff {
  return { ...bankAccountPublic(a), max: n(a.max), disable: a.disable, ...meta(a) };
}

export interface BankLimitRecord extends Meta {
  productId: string;
  bankAccountId: string;
  total: number;
  max: number;
  status: string;
}

/** A limit's own fields (the event's data); staff views add the account. */
export function bankLimitData(l: BankLimitRecord): {
  id: string;
  productId: string;
  bankAccountId: string;
  total: number;
  max: number;
  status: BankLimitStatus;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
} {
  return {
    id: l.id,
    productId: l.productId,
    bankAccountId: l.bankAccountId,
    total: l.total,
    max: l.max,
    status: l.status === 'inactive' ? 'inactive' : 'active',
    ...meta(l),
  };
}

export function linkData(l: Meta & { productId: string; coachId: string }): {
  id: string;
  productId: string;
  coachId: string;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
} {
  return { id: l.id, productId: l.productId, coachId: l.coachId, ...meta(l) };
}
