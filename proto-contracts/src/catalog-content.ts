import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { AdminListQuery, PageQuery, RequiredText, Satang, Uuid } from './common.js';
import { defineEvent } from './envelope.js';
import { YesNoSchema } from './enums.js';
import { X_ERROR } from './errors.js';

/**
 * The catalog's content around products (spec 02 §3): coaches and product–coach links,
 * instructors (speakers), product detail types / lists / texts (the product page's tabs), product
 * groups, bank accounts and per-product bank limits. JSON names are camelCase; docs/api-map.md maps
 * them to the spec's names (coach_name → name, book_bank_path → image, product_detail_tab_name →
 * tabName...). Image fields hold what the media service returned (a file name or a URL).
 *
 * Every change is published as `catalog.<aggregate>.changed` with the whole staff view, and every
 * removal as `catalog.<aggregate>.deleted`. Deleting a product removes its links, detail lists,
 * groups and bank limits with it, without a `deleted` event each: `catalog.product.deleted` says so.
 */

const NullableText = (maxLength: number) => Type.Union([Type.String({ maxLength }), Type.Null()]);
const OptionalText = (maxLength: number) => Type.Optional(NullableText(maxLength));
const ReadText = () => Type.Union([Type.String(), Type.Null()]);
const ImageRef = () =>
  Type.Optional(
    Type.Union([
      Type.String({ maxLength: 300, description: 'file name or URL returned by the media service' }),
      Type.Null(),
    ]),
  );
/** Display order: smaller first, 1 when not given (spec: item default 1). */
const Item = () =>
  Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'order, smaller first (default 1)' });
const Month = () =>
  Type.String({
    pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$',
    description: 'yyyy-mm',
    [X_ERROR]: 'validation.format',
  });
/** A social profile link: http(s) only; "" (an empty form field) clears it like null. */
const SocialUrl = () =>
  Type.Optional(
    Type.Union([
      Type.String({
        maxLength: 500,
        pattern: '^$|^[Hh][Tt][Tt][Pp][Ss]?://[^\\s]+$',
        [X_ERROR]: { pattern: 'validation.url', maxLength: 'validation.too_long' },
      }),
      Type.Null(),
    ]),
  );
const Meta = {
  createdBy: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
};
const Paging = PageQuery.properties;
/** `{ items }` of a product's own small sets (not paged: a product has a handful). */
export const Items = <T extends TSchema>(item: T) => Type.Object({ items: Type.Array(item) });

// ---------- coaches (spec 02 §3 Coach) and product–coach links ----------

const coachWritable = {
  name: RequiredText(200, { description: 'coach_name' }),
  nickname: OptionalText(100),
  detail: OptionalText(20_000),
  position: OptionalText(200),
  img: ImageRef(),
  pr: OptionalText(20_000),
};

export const CoachPublic = Type.Object({
  id: Uuid(),
  name: Type.String(),
  nickname: ReadText(),
  detail: ReadText(),
  position: ReadText(),
  img: ReadText(),
  pr: ReadText(),
});
export type CoachPublic = Static<typeof CoachPublic>;
export const CoachStaff = Type.Composite([CoachPublic, Type.Object(Meta)]);
export type CoachStaff = Static<typeof CoachStaff>;

export const CoachCreateBody = Type.Object(coachWritable);
export type CoachCreateBody = Static<typeof CoachCreateBody>;
export const CoachUpdateBody = Type.Partial(CoachCreateBody);
export type CoachUpdateBody = Static<typeof CoachUpdateBody>;

export const COACH_SORTS = ['createdAt', '-createdAt', 'name', '-name'] as const;
export type CoachSort = (typeof COACH_SORTS)[number];
export const CoachAdminQuery = AdminListQuery(COACH_SORTS, 'createdAt');
export type CoachAdminQuery = Static<typeof CoachAdminQuery>;
export const CoachPublicQuery = Type.Object({
  ...Paging,
  hasProducts: Type.Optional(
    Type.Boolean({ description: 'only coaches linked to an enabled product (spec coach ByProduct)' }),
  ),
});
export type CoachPublicQuery = Static<typeof CoachPublicQuery>;

/** A link as staff see it: with the coach and the product's name, for the /admin/product dialog. */
export const ProductCoachStaff = Type.Object({
  id: Uuid(),
  productId: Uuid(),
  coachId: Uuid(),
  coach: CoachPublic,
  product: Type.Object({ id: Uuid(), url: Type.String(), title: Type.String(), disable: YesNoSchema }),
  ...Meta,
});
export type ProductCoachStaff = Static<typeof ProductCoachStaff>;
export const ProductCoachCreateBody = Type.Object({ productId: Uuid(), coachId: Uuid() });
export type ProductCoachCreateBody = Static<typeof ProductCoachCreateBody>;
export const ProductCoachQuery = Type.Object({
  productId: Type.Optional(Uuid()),
  coachId: Type.Optional(Uuid()),
  ...Paging,
});
export type ProductCoachQuery = Static<typeof ProductCoachQuery>;

// ---------- instructors / speakers (spec 02 §3 Instructor) ----------

const instructorWritable = {
  name: RequiredText(200),
  detail: OptionalText(20_000),
  content: OptionalText(50_000),
  img: ImageRef(),
  item: Type.Optional(Item()),
  position: OptionalText(200),
  facebook: SocialUrl(),
  twitter: SocialUrl(),
  youtube: SocialUrl(),
  pinterest: SocialUrl(),
  linkedin: SocialUrl(),
  hide: Type.Optional(YesNoSchema),
  featuredMonths: Type.Optional(
    Type.Array(Month(), {
      uniqueItems: true,
      maxItems: 240,
      description: 'the months (yyyy-mm, Asia/Bangkok) this speaker is the instructor of the month',
    }),
  ),
};

export const InstructorPublic = Type.Object({
  id: Uuid(),
  name: Type.String(),
  detail: ReadText(),
  content: ReadText(),
  img: ReadText(),
  item: Type.Integer(),
  position: ReadText(),
  facebook: ReadText(),
  twitter: ReadText(),
  youtube: ReadText(),
  pinterest: ReadText(),
  linkedin: ReadText(),
});
export type InstructorPublic = Static<typeof InstructorPublic>;
export const InstructorStaff = Type.Composite([
  InstructorPublic,
  Type.Object({ hide: YesNoSchema, featuredMonths: Type.Array(Type.String()), ...Meta }),
]);
export type InstructorStaff = Static<typeof InstructorStaff>;

export const InstructorCreateBody = Type.Object(instructorWritable);
export type InstructorCreateBody = Static<typeof InstructorCreateBody>;
export const InstructorUpdateBody = Type.Partial(InstructorCreateBody);
export type InstructorUpdateBody = Static<typeof InstructorUpdateBody>;

export const INSTRUCTOR_SORTS = ['item', '-item', 'name', '-name', 'createdAt', '-createdAt'] as const;
export type InstructorSort = (typeof INSTRUCTOR_SORTS)[number];
export const InstructorAdminQuery = AdminListQuery(INSTRUCTOR_SORTS, 'item');
export type InstructorAdminQuery = Static<typeof InstructorAdminQuery>;
export const InstructorPublicQuery = Type.Object(Paging);
export const InstructorOfMonthQuery = Type.Object({
  month: Type.Optional(Month()),
});
export const InstructorsOfMonth = Type.Object({
  month: Type.String({ description: 'yyyy-mm asked for, or the current Asia/Bangkok month' }),
  items: Type.Array(InstructorPublic),
});
export type InstructorsOfMonth = Static<typeof InstructorsOfMonth>;

// ---------- product detail types, lists and texts (the product page's tabs) ----------

export const DetailTypePublic = Type.Object({
  id: Uuid(),
  tabName: Type.String({ description: 'product_detail_tab_name' }),
  item: Type.Integer(),
});
export type DetailTypePublic = Static<typeof DetailTypePublic>;
export const DetailTypeStaff = Type.Composite([DetailTypePublic, Type.Object(Meta)]);
export type DetailTypeStaff = Static<typeof DetailTypeStaff>;
export const DetailTypeCreateBody = Type.Object({ tabName: RequiredText(100), item: Type.Optional(Item()) });
export type DetailTypeCreateBody = Static<typeof DetailTypeCreateBody>;
export const DetailTypeUpdateBody = Type.Partial(DetailTypeCreateBody);
export type DetailTypeUpdateBody = Static<typeof DetailTypeUpdateBody>;

export const DetailListPublic = Type.Object({
  id: Uuid(),
  productId: Uuid(),
  typeId: Uuid(),
  title: Type.String(),
  detail: ReadText(),
  item: Type.Integer(),
  file: ReadText(),
  img: ReadText(),
});
export type DetailListPublic = Static<typeof DetailListPublic>;
export const DetailListStaff = Type.Composite([DetailListPublic, Type.Object(Meta)]);
export type DetailListStaff = Static<typeof DetailListStaff>;
export const DetailListCreateBody = Type.Object({
  productId: Uuid(),
  typeId: Uuid(),
  title: RequiredText(300),
  detail: OptionalText(20_000),
  item: Type.Optional(Item()),
  file: OptionalText(300),
  img: ImageRef(),
});
export type DetailListCreateBody = Static<typeof DetailListCreateBody>;
export const DetailListUpdateBody = Type.Partial(DetailListCreateBody);
export type DetailListUpdateBody = Static<typeof DetailListUpdateBody>;
export const DetailListQuery = Type.Object({
  productId: Type.Optional(Uuid()),
  typeId: Type.Optional(Uuid()),
  ...Paging,
});
export type DetailListQuery = Static<typeof DetailListQuery>;

/** One call for the product page: the tabs that have items for the product, each with its items in order. */
export const ProductDetails = Type.Object({
  productId: Uuid(),
  tabs: Type.Array(
    Type.Object({
      typeId: Uuid(),
      tabName: Type.String(),
      item: Type.Integer(),
      lists: Type.Array(DetailListPublic),
    }),
  ),
});
export type ProductDetails = Static<typeof ProductDetails>;

export const DetailTextPublic = Type.Object({
  id: Uuid(),
  text: Type.String({ description: 'product_detail_text' }),
});
export type DetailTextPublic = Static<typeof DetailTextPublic>;
export const DetailTextStaff = Type.Composite([DetailTextPublic, Type.Object(Meta)]);
export type DetailTextStaff = Static<typeof DetailTextStaff>;
export const DetailTextCreateBody = Type.Object({ text: RequiredText(20_000) });
export type DetailTextCreateBody = Static<typeof DetailTextCreateBody>;
export const DetailTextUpdateBody = Type.Partial(DetailTextCreateBody);
export type DetailTextUpdateBody = Static<typeof DetailTextUpdateBody>;

export const ContentPageQuery = Type.Object(Paging);
export type ContentPageQuery = Static<typeof ContentPageQuery>;

// ---------- product groups (spec 02 §3 Product group) ----------

export const ProductGroupStaff = Type.Object({
  id: Uuid(),
  productId: Uuid(),
  memberGroupId: Uuid(),
  ...Meta,
});
export type ProductGroupStaff = Static<typeof ProductGroupStaff>;
export const ProductGroupCreateBody = Type.Object({ productId: Uuid(), memberGroupId: Uuid() });
export type ProductGroupCreateBody = Static<typeof ProductGroupCreateBody>;
export const ProductGroupUpdateBody = Type.Partial(ProductGroupCreateBody);
export type ProductGroupUpdateBody = Static<typeof ProductGroupUpdateBody>;
export const ProductGroupQuery = Type.Object({
  productId: Type.Optional(Uuid()),
  memberGroupId: Type.Optional(Uuid()),
  ...Paging,
});
export type ProductGroupQuery = Static<typeof ProductGroupQuery>;

// ---------- bank accounts (spec 02 §3 Book bank) and per-product limits ----------

const bankAccountWritable = {
  bankName: RequiredText(100, { description: 'book_bank_name, e.g. "ธนาคารกสิกรไทย"' }),
  accountName: OptionalText(200),
  account: Type.String({
    minLength: 1,
    maxLength: 30,
    pattern: '^[0-9][0-9 -]*[0-9]$|^[0-9]$',
    description: 'book_bank_account: digits, spaces and dashes, e.g. 123-4-56789-0',
    [X_ERROR]: {
      minLength: 'validation.required',
      maxLength: 'validation.too_long',
      pattern: 'validation.format',
    },
  }),
  type: OptionalText(50),
  image: ImageRef(),
  max: Type.Optional(Type.Union([Satang({ description: 'book_bank_max, satang' }), Type.Null()])),
  icon: ImageRef(),
  disable: Type.Optional(YesNoSchema),
};

export const BankAccountPublic = Type.Object({
  id: Uuid(),
  bankName: Type.String(),
  accountName: ReadText(),
  account: Type.String(),
  type: ReadText(),
  image: ReadText(),
  icon: ReadText(),
});
export type BankAccountPublic = Static<typeof BankAccountPublic>;
export const BankAccountStaff = Type.Composite([
  BankAccountPublic,
  Type.Object({ max: Type.Union([Satang(), Type.Null()]), disable: YesNoSchema, ...Meta }),
]);
export type BankAccountStaff = Static<typeof BankAccountStaff>;
export const BankAccountCreateBody = Type.Object(bankAccountWritable);
export type BankAccountCreateBody = Static<typeof BankAccountCreateBody>;
export const BankAccountUpdateBody = Type.Partial(BankAccountCreateBody);
export type BankAccountUpdateBody = Static<typeof BankAccountUpdateBody>;

export const BANK_ACCOUNT_SORTS = ['createdAt', '-createdAt', 'bankName', '-bankName'] as const;
export type BankAccountSort = (typeof BANK_ACCOUNT_SORTS)[number];
export const BankAccountAdminQuery = AdminListQuery(BANK_ACCOUNT_SORTS, 'createdAt');
export type BankAccountAdminQuery = Static<typeof BankAccountAdminQuery>;

/** The accounts a buyer of a product may transfer to, and whether the product's limits chose them. */
export const ProductBankAccounts = Type.Object({
  productId: Uuid(),
  source: Type.Union([Type.Literal('limits'), Type.Literal('all')], {
    description: 'limits: accounts with an open limit for this product; all: every enabled account',
  }),
  items: Type.Array(BankAccountPublic),
});
export type ProductBankAccounts = Static<typeof ProductBankAccounts>;

export const BANK_LIMIT_STATUSES = ['active', 'inactive'] as const;
export type BankLimitStatus = (typeof BANK_LIMIT_STATUSES)[number];
export const BankLimitStatusSchema = Type.Union(BANK_LIMIT_STATUSES.map((s) => Type.Literal(s)));

export const BankLimitStaff = Type.Object({
  id: Uuid(),
  productId: Uuid(),
  bankAccountId: Uuid(),
  total: Satang({ description: 'product_book_bank_total: satang received so far' }),
  max: Satang({ description: 'product_book_bank_max: satang this account may receive for the product' }),
  status: BankLimitStatusSchema,
  bankAccount: BankAccountPublic,
  ...Meta,
});
export type BankLimitStaff = Static<typeof BankLimitStaff>;
export const BankLimitCreateBody = Type.Object({
  productId: Uuid(),
  bankAccountId: Uuid(),
  total: Type.Optional(Satang({ description: 'default 0' })),
  max: Satang(),
  status: Type.Optional(BankLimitStatusSchema),
});
export type BankLimitCreateBody = Static<typeof BankLimitCreateBody>;
/** The product and the account of a limit do not change: delete it and add another. */
export const BankLimitUpdateBody = Type.Object({
  total: Type.Optional(Satang()),
  max: Type.Optional(Satang()),
  status: Type.Optional(BankLimitStatusSchema),
});
export type BankLimitUpdateBody = Static<typeof BankLimitUpdateBody>;
export const BankLimitQuery = Type.Object({
  productId: Type.Optional(Uuid()),
  bankAccountId: Type.Optional(Uuid()),
  ...Paging,
});
export type BankLimitQuery = Static<typeof BankLimitQuery>;

// ---------- events ----------

const Deleted = <P extends Record<string, TSchema>>(props: P) =>
  Type.Object({ id: Uuid(), ...props, deletedAt: Type.String({ format: 'date-time' }) });

export const CoachChanged = defineEvent('catalog.coach.changed', 1, CoachStaff);
export const CoachDeleted = defineEvent('catalog.coach.deleted', 1, Deleted({}));

const ProductCoachData = Type.Object({ id: Uuid(), productId: Uuid(), coachId: Uuid(), ...Meta });
export const ProductCoachChanged = defineEvent('catalog.product-coach.changed', 1, ProductCoachData);
export const ProductCoachDeleted = defineEvent(
  'catalog.product-coach.deleted',
  1,
  Deleted({ productId: Uuid(), coachId: Uuid() }),
);

export const InstructorChanged = defineEvent('catalog.instructor.changed', 1, InstructorStaff);
export const InstructorDeleted = defineEvent('catalog.instructor.deleted', 1, Deleted({}));

export const DetailTypeChanged = defineEvent('catalog.detail-type.changed', 1, DetailTypeStaff);
export const DetailTypeDeleted = defineEvent('catalog.detail-type.deleted', 1, Deleted({}));
export const DetailListChanged = defineEvent('catalog.detail-list.changed', 1, DetailListStaff);
export const DetailListDeleted = defineEvent(
  'catalog.detail-list.deleted',
  1,
  Deleted({ productId: Uuid(), typeId: Uuid() }),
);
export const DetailTextChanged = defineEvent('catalog.detail-text.changed', 1, DetailTextStaff);
export const DetailTextDeleted = defineEvent('catalog.detail-text.deleted', 1, Deleted({}));

export const ProductGroupChanged = defineEvent('catalog.product-group.changed', 1, ProductGroupStaff);
export const ProductGroupDeleted = defineEvent(
  'catalog.product-group.deleted',
  1,
  Deleted({ productId: Uuid(), memberGroupId: Uuid() }),
);

export const BankAccountChanged = defineEvent('catalog.bank-account.changed', 1, BankAccountStaff);
export const BankAccountDeleted = defineEvent('catalog.bank-account.deleted', 1, Deleted({}));

const BankLimitData = Type.Object({
  id: Uuid(),
  productId: Uuid(),
  bankAccountId: Uuid(),
  total: Satang(),
  max: Satang(),
  status: BankLimitStatusSchema,
  ...Meta,
});
export const BankLimitChanged = defineEvent('catalog.bank-limit.changed', 1, BankLimitData);
export const BankLimitDeleted = defineEvent(
  'catalog.bank-limit.deleted',
  1,
  Deleted({ productId: Uuid(), bankAccountId: Uuid() }),
);

/** The content events, for events.ts and for tests that read them back. */
export const CATALOG_CONTENT_EVENTS = [
  CoachChanged,
  CoachDeleted,
  ProductCoachChanged,
  ProductCoachDeleted,
  InstructorChanged,
  InstructorDeleted,
  DetailTypeChanged,
  DetailTypeDeleted,
  DetailListChanged,
  DetailListDeleted,
  DetailTextChanged,
  DetailTextDeleted,
  ProductGroupChanged,
  ProductGroupDeleted,
  BankAccountChanged,
  BankAccountDeleted,
  BankLimitChanged,
  BankLimitDeleted,
] as const;
