import type { FastifyRequest } from 'fastify';
import { fieldError, ProblemError } from './errors.js';

// NUL ends a text column in PostgreSQL; a lone UTF-16 surrogate has no UTF-8 form. Both made the
// database (or the JSON encoder) fail with a 500 instead of the client hearing its input was bad.
const UNSAFE = new RegExp(
  String.raw`\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]`,
);
const MAX_DEPTH = 32;

/** The first field (dotted path) whose text cannot be stored, or undefined when all is fine. */
export function unsafeTextField(value: unknown, whole: string, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return UNSAFE.test(value) ? path || whole : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (UNSAFE.test(key)) return here;
    const found = unsafeTextField(inner, whole, here, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** A percent-escape in the query that is not UTF-8 (`%ED%A0%80`, `%E0%A4%A`) is kept raw by the parser: refuse it. */
function malformedQuery(url: string): boolean {
  const q = url.indexOf('?');
  if (q < 0) return false;
  try {
    decodeURIComponent(url.slice(q + 1).replace(/\+/g, ' '));
    return false;
  } catch {
    return true;
  }
}

/**
 * preValidation for every service: text in the query or body that cannot be stored as text answers
 * 400 `validation.format` for that field, before any route sees it. Path parameters are names the
 * service looks up (a NUL in one finds nothing: 404), so they are left to the route.
 */
export async function rejectUnsafeText(req: FastifyRequest): Promise<void> {
  const field = malformedQuery(req.url)
    ? 'querystring'
    : (unsafeTextField(req.query, 'querystring') ?? unsafeTextField(req.body, 'body'));
  if (field)
    throw new ProblemError('validation.failed', { errors: [fieldError(field, 'validation.format')] });
}
