import { Type, type TProperties, type TSchema } from '@sinclair/typebox';
import { X_ERROR } from './errors.js';

/** Spec pattern x@y.z; message "รูปแบบ E-mail ไม่ถูกต้อง". */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';

export const Email = (opts: { description?: string } = {}) =>
  Type.String({
    minLength: 1,
    maxLength: 254,
    pattern: EMAIL_PATTERN,
    [X_ERROR]: {
      minLength: 'validation.required',
      maxLength: 'validation.too_long',
      pattern: 'validation.email',
    },
    ...opts,
  });

/** A required text field: empty counts as missing ("กรุณากรอกข้อมูล"). */
export const RequiredText = (maxLength = 200, opts: { description?: string } = {}) =>
  Type.String({
    minLength: 1,
    maxLength,
    [X_ERROR]: { minLength: 'validation.required', maxLength: 'validation.too_long' },
    ...opts,
  });

/** Phone: exactly 10 characters (spec 01 §5, spec 02 §5). */
export const Phone = () =>
  Type.String({
    minLength: 10,
    maxLength: 10,
    pattern: '^[0-9]{10}$',
    [X_ERROR]: 'validation.phone_length',
  });

/** E-mail confirmation code: 4 digits. */
export const Code4 = () =>
  Type.String({ minLength: 4, maxLength: 4, pattern: '^[0-9]{4}$', [X_ERROR]: 'validation.code_length' });

export const Password = () =>
  Type.String({
    minLength: 8,
    maxLength: 200,
    [X_ERROR]: { minLength: 'validation.password_length', maxLength: 'validation.too_long' },
  });

export const Uuid = () => Type.String({ format: 'uuid' });

/** Money is integer satang everywhere but the screen. */
export const Satang = (opts: { description?: string } = {}) =>
  Type.Integer({
    minimum: 0,
    maximum: 100_000_000_00,
    description: 'amount in satang (1 THB = 100)',
    ...opts,
  });

export const PageQuery = Type.Object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});

/** An admin list's sort: one of `sorts` ("name", "-name": a leading "-" sorts descending). */
export const SortOf = <const S extends readonly string[]>(sorts: S, fallback: S[number]) =>
  Type.Union(
    sorts.map((s) => Type.Literal(s)),
    { default: fallback, description: 'a leading "-" sorts descending' },
  );

/**
 * A back office list's query: q (search text), page, pageSize, sort among `sorts`, and the
 * list's own filters (`extra`, e.g. `{ courseId: Type.Optional(Uuid()) }`).
 */
export const AdminListQuery = <
  const S extends readonly string[],
  P extends TProperties = Record<never, never>,
>(
  sorts: S,
  fallback: S[number],
  extra: P = {} as P,
  opts: { search?: string } = {},
) =>
  Type.Object({
    q: Type.Optional(Type.String({ maxLength: 100, ...(opts.search ? { description: opts.search } : {}) })),
    ...extra,
    ...PageQuery.properties,
    sort: SortOf(sorts, fallback),
  });

export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    total: Type.Integer(),
  });
