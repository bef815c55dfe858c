import { Type, type Static } from '@sinclair/typebox';
import { Email, RequiredText, Satang, Uuid } from './common.js';
import { defineEvent } from './envelope.js';
import { MembershipCodeSchema, YesNoSchema } from './enums.js';
import { ProductFormatSchema, ProductPublic, ProductStaff, ProductSortSchema } from './catalog.js';
import { CourseStatusSchema } from './learning.js';

/**
 * The catalog's commerce core (spec 02 §3–§4, §9): product prices, packages, the courses a product
 * grants, instalment plans and their e-mail lists. JSON is camelCase; docs/api-map.md maps the
 * spec's names (product_price_member → member, product_installment_count → count...).
 * Defaults are applied by catalog, not by schema `default`s (a default would reset the field on
 * every partial update).
 */
const DateOnly = () => Type.String({ format: 'date', description: 'yyyy-mm-dd (Asia/Bangkok day)' });
const NullableDate = () => Type.Union([DateOnly(), Type.Null()]);
const NullableText = (maxLength = 500) => Type.Union([Type.String({ maxLength }), Type.Null()]);
const Timestamp = () => Type.String({ format: 'date-time' });
const NullableString = () => Type.Union([Type.String(), Type.Null()]);
const Revision = () =>
  Type.Integer({
    minimum: 0,
    description: 'grows by one with every change of this record: a read model keeps the highest it saw',
  });

/** An address segment (/product/{url}, packages): letters, digits, `-` and `_`. */
const UrlSegment = () =>
  Type.String({
    minLength: 1,
    maxLength: 120,
    pattern: '^[A-Za-z0-9][A-Za-z0-9_-]*$',
    'x-error': {
      minLength: 'validation.required',
      maxLength: 'validation.too_long',
      pattern: 'validation.format',
    },
  });

const PagingQuery = {
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
};

// ---------- product prices ----------

/** SEB Super Early Bird, EB Early Bird, NL normal price — also the order a member sees them in. */
export const PRICE_TYPES = ['SEB', 'EB', 'NL'] as const;
export type PriceType = (typeof PRICE_TYPES)[number];
export const PriceTypeSchema = Type.Union(PRICE_TYPES.map((t) => Type.Literal(t)));

const priceWritable = {
  /** default NL */
  type: Type.Optional(PriceTypeSchema),
  /** the membership code that may buy at this price; default NL */
  member: Type.Optional(MembershipCodeSchema),
  value: Satang(),
  /** Y: listed on the public /pricing page; default N */
  show: Type.Optional(YesNoSchema),
  start: Type.Optional(NullableDate()),
  to: Type.Optional(NullableDate()),
  title: RequiredText(200),
  detail: Type.Optional(NullableText(5_000)),
  /** Y: the 3% card fee is waived; default N */
  fee: Type.Optional(YesNoSchema),
};

export const PriceCreateBody = Type.Object(priceWritable);
export type PriceCreateBody = Static<typeof PriceCreateBody>;
export const PriceUpdateBody = Type.Partial(PriceCreateBody);
export type PriceUpdateBody = Static<typeof PriceUpdateBody>;

export const PricePublic = Type.Object(
  {
    id: Uuid(),
    productId: Uuid(),
    type: PriceTypeSchema,
    member: Type.String(),
    value: Satang(),
    show: YesNoSchema,
    start: NullableDate(),
    to: NullableDate(),
    title: Type.String(),
    detail: NullableString(),
    fee: YesNoSchema,
  },
  { $id: 'PricePublic' },
);
export type PricePublic = Static<typeof PricePublic>;

export const PriceStaff = Type.Composite(
  [
    PricePublic,
    Type.Object({
      removed: YesNoSchema,
      removedAt: Type.Union([Timestamp(), Type.Null()]),
      removedBy: NullableString(),
      revision: Revision(),
      createdBy: NullableString(),
      createdAt: Timestamp(),
      updatedAt: Timestamp(),
    }),
  ],
  { $id: 'PriceStaff' },
);
export type PriceStaff = Static<typeof PriceStaff>;

export const PriceAdminListQuery = Type.Object({
  includeRemoved: Type.Boolean({ default: false, description: 'also list soft-deleted prices' }),
  ...PagingQuery,
});

export const PriceLookupQuery = Type.Object({
  date: Type.Optional(
    Type.String({ format: 'date', description: 'yyyy-mm-dd; default: today in Asia/Bangkok' }),
  ),
});

/** The prices a signed-in member may choose on `date` (spec 02 §4 "Product price lookup by date"). */
export const PriceLookup = Type.Object(
  {
    productId: Uuid(),
    date: DateOnly(),
    items: Type.Array(PricePublic),
    preselectedPriceId: Type.Union([Uuid(), Type.Null()], {
      description:
        'spec 02 §4 "Package selection on login": CG5…CG1, SPTRO, SPTR, COL, COL1…COL10, NL, else the first',
    }),
  },
  { $id: 'PriceLookup' },
);
export type PriceLookup = Static<typeof PriceLookup>;

// ---------- packages ----------

const packageWritable = {
  url: UrlSegment(),
  title: RequiredText(200),
  subtitle: Type.Optional(NullableText(300)),
  detail: Type.Optional(NullableText(20_000)),
  start: Type.Optional(NullableDate()),
  to: Type.Optional(NullableDate()),
  price: Satang(),
  priceUnchanged: Type.Optional(Type.Union([Satang(), Type.Null()])),
  img: Type.Optional(NullableText(300)),
  imgCourse: Type.Optional(NullableText(300)),
  imgSlide: Type.Optional(NullableText(300)),
  /** default online */
  format: Type.Optional(ProductFormatSchema),
  status: Type.Optional(Type.String({ maxLength: 40, description: 'default coming' })),
  disable: Type.Optional(YesNoSchema),
  book: Type.Optional(YesNoSchema),
  /** default Y (a product's is N) */
  priceList: Type.Optional(YesNoSchema),
};

export const PackageCreateBody = Type.Object({
  ...packageWritable,
  lineToken: Type.Optional(NullableText(300)),
  telegramToken: Type.Optional(NullableText(300)),
});
export type PackageCreateBody = Static<typeof PackageCreateBody>;
export const PackageUpdateBody = Type.Partial(PackageCreateBody);
export type PackageUpdateBody = Static<typeof PackageUpdateBody>;

export const PackagePublic = Type.Object(
  {
    id: Uuid(),
    url: Type.String(),
    title: Type.String(),
    subtitle: NullableString(),
    detail: NullableString(),
    start: NullableDate(),
    to: NullableDate(),
    price: Satang(),
    priceUnchanged: Type.Union([Satang(), Type.Null()]),
    img: NullableString(),
    imgCourse: NullableString(),
    imgSlide: NullableString(),
    format: Type.String(),
    status: Type.String(),
    book: YesNoSchema,
    priceList: YesNoSchema,
  },
  { $id: 'PackagePublic' },
);
export type PackagePublic = Static<typeof PackagePublic>;

/**
 * The public /pricing page: enabled products with price_list Y, each with its prices marked
 * show Y that are on sale on `date` (whatever the visitor's membership), and the enabled packages
 * with price_list Y. Newest first; at most 100 of each.
 */
export const PricingPage = Type.Object(
  {
    date: DateOnly(),
    products: Type.Array(Type.Object({ product: ProductPublic, prices: Type.Array(PricePublic) })),
    packages: Type.Array(PackagePublic),
  },
  { $id: 'PricingPage' },
);
export type PricingPage = Static<typeof PricingPage>;

export const PackageStaff = Type.Composite(
  [
    PackagePublic,
    Type.Object({
      disable: YesNoSchema,
      hasLineToken: Type.Boolean(),
      hasTelegramToken: Type.Boolean(),
      revision: Revision(),
      createdBy: NullableString(),
      createdAt: Timestamp(),
      updatedAt: Timestamp(),
    }),
  ],
  { $id: 'PackageStaff' },
);
export type PackageStaff = Static<typeof PackageStaff>;

export const PackageListQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100, description: 'matches title, subtitle or url' })),
  sort: Type.Optional(ProductSortSchema),
  ...PagingQuery,
});

// ---------- the courses a product grants (spec "Package product") ----------

/** A course of learning (courses_id); learning owns courses, so the id is kept as given. */
export const CourseId = () =>
  Type.String({
    minLength: 1,
    maxLength: 64,
    pattern: '^[A-Za-z0-9][A-Za-z0-9_.:-]*$',
    'x-error': {
      minLength: 'validation.required',
      maxLength: 'validation.too_long',
      pattern: 'validation.format',
    },
  });

export const MAX_COURSES_PER_PRODUCT = 100;

/** A course of learning as catalog knows it (its read model of `learning.course.*`). */
export const KnownCourse = Type.Object(
  {
    id: Uuid(),
    title: Type.String(),
    code: Type.Union([Type.String(), Type.Null()]),
    status: CourseStatusSchema,
  },
  { $id: 'KnownCourse' },
);
export type KnownCourse = Static<typeof KnownCourse>;

export const KnownCoursesQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100, description: 'matches title or code, any case' })),
  /** comma-separated course ids: exactly these (the titles of a product's list) */
  ids: Type.Optional(Type.String({ maxLength: 7_000 })),
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});
export type KnownCoursesQuery = Static<typeof KnownCoursesQuery>;

export const KnownCoursesPage = Type.Object({
  items: Type.Array(KnownCourse),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer(),
});
export type KnownCoursesPage = Static<typeof KnownCoursesPage>;

export const ProductCourses = Type.Object(
  {
    productId: Uuid(),
    courseIds: Type.Array(Type.String(), { description: 'in the order staff set; no duplicates' }),
    revision: Revision(),
    updatedAt: Type.Union([Timestamp(), Type.Null()], { description: 'null: never set' }),
  },
  { $id: 'ProductCourses' },
);
export type ProductCourses = Static<typeof ProductCourses>;

export const ProductCoursesBody = Type.Object({
  courseIds: Type.Array(CourseId(), { maxItems: MAX_COURSES_PER_PRODUCT }),
});
export type ProductCoursesBody = Static<typeof ProductCoursesBody>;

export const ProductCourseAddBody = Type.Object({ courseId: CourseId() });
export type ProductCourseAddBody = Static<typeof ProductCourseAddBody>;

export const PackageCreateProductBody = Type.Object({
  /** the new product's url; default: the package's url */
  url: Type.Optional(UrlSegment()),
  courseIds: Type.Optional(Type.Array(CourseId(), { maxItems: MAX_COURSES_PER_PRODUCT })),
});
export type PackageCreateProductBody = Static<typeof PackageCreateProductBody>;

export const PackageCreateProductResult = Type.Object(
  { product: ProductStaff, courses: ProductCourses },
  { $id: 'PackageCreateProductResult' },
);
export type PackageCreateProductResult = Static<typeof PackageCreateProductResult>;

// ---------- instalment plans ----------

/** all: anyone may pay in instalments; email: only the e-mails listed on the plan. */
export const INSTALLMENT_PLAN_TYPES = ['all', 'email'] as const;
export type InstallmentPlanType = (typeof INSTALLMENT_PLAN_TYPES)[number];
export const InstallmentPlanTypeSchema = Type.Union(INSTALLMENT_PLAN_TYPES.map((t) => Type.Literal(t)));

export const INSTALLMENT_COUNT = { min: 2, max: 36, default: 2 } as const;
export const MAX_EMAILS_PER_PLAN = 5_000;

const planWritable = {
  name: RequiredText(200),
  detail: Type.Optional(NullableText(5_000)),
  /** default all */
  type: Type.Optional(InstallmentPlanTypeSchema),
  count: Type.Optional(
    Type.Integer({
      minimum: INSTALLMENT_COUNT.min,
      maximum: INSTALLMENT_COUNT.max,
      description: 'number of monthly instalments; default 2',
    }),
  ),
  start: Type.Optional(NullableDate()),
  to: Type.Optional(NullableDate()),
};

export const InstallmentPlanCreateBody = Type.Object({ productId: Uuid(), ...planWritable });
export type InstallmentPlanCreateBody = Static<typeof InstallmentPlanCreateBody>;
/** The product of a plan does not change: make a new plan instead. */
export const InstallmentPlanUpdateBody = Type.Partial(Type.Object(planWritable));
export type InstallmentPlanUpdateBody = Static<typeof InstallmentPlanUpdateBody>;

export const InstallmentPlanPublic = Type.Object(
  {
    id: Uuid(),
    productId: Uuid(),
    name: Type.String(),
    detail: NullableString(),
    type: InstallmentPlanTypeSchema,
    count: Type.Integer(),
    start: NullableDate(),
    to: NullableDate(),
  },
  { $id: 'InstallmentPlanPublic' },
);
export type InstallmentPlanPublic = Static<typeof InstallmentPlanPublic>;

export const InstallmentPlanStaff = Type.Composite(
  [
    InstallmentPlanPublic,
    Type.Object({
      productTitle: Type.String(),
      emailCount: Type.Integer({ description: 'e-mails listed and not removed' }),
      revision: Revision(),
      createdBy: NullableString(),
      createdAt: Timestamp(),
      updatedAt: Timestamp(),
    }),
  ],
  { $id: 'InstallmentPlanStaff' },
);
export type InstallmentPlanStaff = Static<typeof InstallmentPlanStaff>;

export const InstallmentPlanListQuery = Type.Object({
  productId: Type.Optional(Uuid()),
  q: Type.Optional(
    Type.String({ maxLength: 100, description: 'matches the plan name or the product title' }),
  ),
  ...PagingQuery,
});

export const InstallmentEmail = Type.Object(
  {
    id: Uuid(),
    planId: Uuid(),
    email: Type.String(),
    removed: YesNoSchema,
    createdAt: Timestamp(),
    updatedAt: Timestamp(),
  },
  { $id: 'InstallmentEmail' },
);
export type InstallmentEmail = Static<typeof InstallmentEmail>;

export const InstallmentEmailListQuery = Type.Object({
  includeRemoved: Type.Boolean({ default: false }),
  q: Type.Optional(Type.String({ maxLength: 100 })),
  ...PagingQuery,
});

export const InstallmentEmailsBody = Type.Object({
  emails: Type.Array(Email(), { minItems: 1, maxItems: 500 }),
});
export type InstallmentEmailsBody = Static<typeof InstallmentEmailsBody>;

export const InstallmentEmailsAdded = Type.Object({
  added: Type.Integer({ description: 'new e-mails' }),
  restored: Type.Integer({ description: 'removed e-mails listed again' }),
  unchanged: Type.Integer({ description: 'already listed' }),
  plan: InstallmentPlanStaff,
});

export const InstallmentPlansToday = Type.Object(
  { productId: Uuid(), date: DateOnly(), items: Type.Array(InstallmentPlanPublic) },
  { $id: 'InstallmentPlansToday' },
);
export type InstallmentPlansToday = Static<typeof InstallmentPlansToday>;

// ---------- events (orders keeps a read model of these; each carries the whole record) ----------

export const PriceChanged = defineEvent(
  'catalog.price.changed',
  1,
  Type.Object({
    priceId: Uuid(),
    productId: Uuid(),
    type: PriceTypeSchema,
    member: Type.String(),
    value: Satang(),
    show: YesNoSchema,
    start: NullableDate(),
    to: NullableDate(),
    title: Type.String(),
    detail: NullableString(),
    fee: YesNoSchema,
    /** soft-deleted: no longer on sale, kept for the orders that used it */
    removed: Type.Boolean(),
    revision: Revision(),
    changedAt: Timestamp(),
  }),
);

const packageEventData = {
  packageId: Uuid(),
  url: Type.String(),
  title: Type.String(),
  subtitle: NullableString(),
  detail: NullableString(),
  start: NullableDate(),
  to: NullableDate(),
  price: Satang(),
  priceUnchanged: Type.Union([Satang(), Type.Null()]),
  img: NullableString(),
  imgCourse: NullableString(),
  imgSlide: NullableString(),
  format: Type.String(),
  status: Type.String(),
  disable: YesNoSchema,
  book: YesNoSchema,
  priceList: YesNoSchema,
  hasLineToken: Type.Boolean(),
  hasTelegramToken: Type.Boolean(),
  revision: Revision(),
  changedAt: Timestamp(),
};

export const PackageChanged = defineEvent('catalog.package.changed', 1, Type.Object(packageEventData));

export const PackageDeleted = defineEvent(
  'catalog.package.deleted',
  1,
  Type.Object({ packageId: Uuid(), url: Type.String(), deletedAt: Timestamp() }),
);

export const ProductCoursesChanged = defineEvent(
  'catalog.product-courses.changed',
  1,
  Type.Object({
    productId: Uuid(),
    /** the whole list: enrol into each of these when the product is paid */
    courseIds: Type.Array(Type.String()),
    revision: Revision(),
    changedAt: Timestamp(),
  }),
);

export const InstallmentPlanChanged = defineEvent(
  'catalog.installment-plan.changed',
  1,
  Type.Object({
    planId: Uuid(),
    productId: Uuid(),
    name: Type.String(),
    detail: NullableString(),
    type: InstallmentPlanTypeSchema,
    count: Type.Integer({ minimum: 1 }),
    start: NullableDate(),
    to: NullableDate(),
    /** who may use a type-email plan: lower-case, removed ones left out (kept, unused, when the type is all) */
    emails: Type.Array(Type.String()),
    revision: Revision(),
    changedAt: Timestamp(),
  }),
);

export const InstallmentPlanDeleted = defineEvent(
  'catalog.installment-plan.deleted',
  1,
  Type.Object({ planId: Uuid(), productId: Uuid(), deletedAt: Timestamp() }),
);

/** Every commerce event, for the registry in events.ts. */
export const CATALOG_COMMERCE_EVENTS = [
  PriceChanged,
  PackageChanged,
  PackageDeleted,
  ProductCoursesChanged,
  InstallmentPlanChanged,
  InstallmentPlanDeleted,
] as const;
