import type {
  BankAccountCreateBody,
  BankAccountUpdateBody,
  BankLimitCreateBody,
  BankLimitStatus,
  BankLimitUpdateBody,
  CoachCreateBody,
  CoachUpdateBody,
  DetailListCreateBody,
  DetailListUpdateBody,
  DetailTextCreateBody,
  DetailTextUpdateBody,
  DetailTypeCreateBody,
  DetailTypeUpdateBody,
  InstructorCreateBody,
  InstructorUpdateBody,
} from '@rian/proto-contracts/catalog-content';
import type { YesNo } from '@rian/proto-contracts/enums';
import { blankProblems, optionalText, patched, requiredText, type FieldProblem } from './field-rules.js';
import { socialUrlProblems, sortedMonths } from './content-rules.js';

/**
 * The stored fields of each content record as staff write them: defaults of the spec filled in,
 * texts trimmed, blanks as null. `new…` builds them from a create body, `updated…` applies a partial
 * update (absent keeps, null clears), `…Problems` lists what the schema could not check.
 */

const DEFAULT_ITEM = 1;

// ---------- coach ----------

export interface CoachFields {
  name: string;
  nickname: string | null;
  detail: string | null;
  position: string | null;
  img: string | null;
  pr: string | null;
}

const coachNormalise = {
  name: requiredText,
  nickname: optionalText,
  detail: optionalText,
  position: optionalText,
  img: optionalText,
  pr: optionalText,
};

export function newCoachFields(b: CoachCreateBody): CoachFields {
  return {
    name: requiredText(b.name),
    nickname: optionalText(b.nickname),
    detail: optionalText(b.detail),
    position: optionalText(b.position),
    img: optionalText(b.img),
    pr: optionalText(b.pr),
  };
}

export function updatedCoachFields(current: CoachFields, b: CoachUpdateBody): CoachFields {
  return patched(current, b, coachNormalise);
}

export const coachProblems = (f: CoachFields): FieldProblem[] => blankProblems(f, ['name']);

// ---------- instructor ----------

export interface InstructorFields {
  name: string;
  detail: string | null;
  content: string | null;
  img: string | null;
  item: number;
  position: string | null;
  facebook: string | null;
  twitter: string | null;
  youtube: string | null;
  pinterest: string | null;
  linkedin: string | null;
  hide: YesNo;
  featuredMonths: string[];
}

const instructorNormalise = {
  name: requiredText,
  detail: optionalText,
  content: optionalText,
  img: optionalText,
  position: optionalText,
  facebook: optionalText,
  twitter: optionalText,
  youtube: optionalText,
  pinterest: optionalText,
  linkedin: optionalText,
  featuredMonths: sortedMonths,
};

export function newInstructorFields(b: InstructorCreateBody): InstructorFields {
  return {
    name: requiredText(b.name),
    detail: optionalText(b.detail),
    content: optionalText(b.content),
    img: optionalText(b.img),
    item: b.item ?? DEFAULT_ITEM,
    position: optionalText(b.position),
    facebook: optionalText(b.facebook),
    twitter: optionalText(b.twitter),
    youtube: optionalText(b.youtube),
    pinterest: optionalText(b.pinterest),
    linkedin: optionalText(b.linkedin),
    hide: b.hide ?? 'N',
    featuredMonths: sortedMonths(b.featuredMonths ?? []),
  };
}

export function updatedInstructorFields(
  current: InstructorFields,
  b: InstructorUpdateBody,
): InstructorFields {
  return patched(current, b, instructorNormalise);
}

export const instructorProblems = (f: InstructorFields): FieldProblem[] => [
  ...blankProblems(f, ['name']),
  ...socialUrlProblems(f),
];

// ---------- detail type, list and text ----------

export interface DetailTypeFields {
  tabName: string;
  item: number;
}

export function newDetailTypeFields(b: DetailTypeCreateBody): DetailTypeFields {
  return { tabName: requiredText(b.tabName), item: b.item ?? DEFAULT_ITEM };
}

export function updatedDetailTypeFields(
  current: DetailTypeFields,
  b: DetailTypeUpdateBody,
): DetailTypeFields {
  return patched(current, b, { tabName: requiredText });
}

export const detailTypeProblems = (f: DetailTypeFields): FieldProblem[] => blankProblems(f, ['tabName']);

export interface DetailListFields {
  productId: string;
  typeId: string;
  title: string;
  detail: string | null;
  item: number;
  file: string | null;
  img: string | null;
}

export function newDetailListFields(b: DetailListCreateBody): DetailListFields {
  return {
    productId: b.productId,
    typeId: b.typeId,
    title: requiredText(b.title),
    detail: optionalText(b.detail),
    item: b.item ?? DEFAULT_ITEM,
    file: optionalText(b.file),
    img: optionalText(b.img),
  };
}

export function updatedDetailListFields(
  current: DetailListFields,
  b: DetailListUpdateBody,
): DetailListFields {
  return patched(current, b, {
    title: requiredText,
    detail: optionalText,
    file: optionalText,
    img: optionalText,
  });
}

export const detailListProblems = (f: DetailListFields): FieldProblem[] => blankProblems(f, ['title']);

export interface DetailTextFields {
  text: string;
}

export function newDetailTextFields(b: DetailTextCreateBody): DetailTextFields {
  return { text: requiredText(b.text) };
}

export function updatedDetailTextFields(
  current: DetailTextFields,
  b: DetailTextUpdateBody,
): DetailTextFields {
  return patched(current, b, { text: requiredText });
}

export const detailTextProblems = (f: DetailTextFields): FieldProblem[] => blankProblems(f, ['text']);

// ---------- bank account and limit ----------

export interface BankAccountFields {
  bankName: string;
  accountName: string | null;
  account: string;
  type: string | null;
  image: string | null;
  max: number | null;
  icon: string | null;
  disable: YesNo;
}

export function newBankAccountFields(b: BankAccountCreateBody): BankAccountFields {
  return {
    bankName: requiredText(b.bankName),
    accountName: optionalText(b.accountName),
    account: b.account,
    type: optionalText(b.type),
    image: optionalText(b.image),
    max: b.max ?? null,
    icon: optionalText(b.icon),
    disable: b.disable ?? 'N',
  };
}

export function updatedBankAccountFields(
  current: BankAccountFields,
  b: BankAccountUpdateBody,
): BankAccountFields {
  return patched(current, b, {
    bankName: requiredText,
    accountName: optionalText,
    type: optionalText,
    image: optionalText,
    icon: optionalText,
  });
}

export const bankAccountProblems = (f: BankAccountFields): FieldProblem[] => blankProblems(f, ['bankName']);

export interface BankLimitFields {
  total: number;
  max: number;
  status: BankLimitStatus;
}

export function newBankLimitFields(b: BankLimitCreateBody): BankLimitFields {
  return { total: b.total ?? 0, max: b.max, status: b.status ?? 'active' };
}

export function updatedBankLimitFields(current: BankLimitFields, b: BankLimitUpdateBody): BankLimitFields {
  return patched(current, b);
}
