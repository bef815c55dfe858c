import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler } from 'fastify';

/** AJV settings of every service: all errors (one message per field), the failing schema kept for `x-error`. */
export const AJV_OPTIONS = { allErrors: true, verbose: true, keywords: ['x-error'] };

/**
 * Validates bodies without type coercion; querystring and params keep it (they arrive as text).
 * With coercion, AJV checks a `[string, null]` union against `string` first and turns `null` into
 * "" (and `[integer, null]` into 0): "clear this field" would store an empty text or a zero price.
 */
export function bodyWithoutCoercion(): FastifySchemaCompiler<unknown> {
  const pool = AjvCompiler();
  const coercing = pool({}, { customOptions: AJV_OPTIONS });
  const strict = pool({}, { customOptions: { ...AJV_OPTIONS, coerceTypes: false } });
  return (route) => (route.httpPart === 'body' ? strict(route) : coercing(route));
}
