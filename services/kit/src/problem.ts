import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ERRORS,
  PROBLEM_CONTENT_TYPE,
  X_ERROR,
  isErrorCode,
  type ErrorCode,
  type FieldError,
  type Problem,
  type XError,
} from '@rian/proto-contracts/errors';
import { ProblemError } from './errors.js';
import { BreakerOpenError } from './breaker.js';

export type Locale = 'th' | 'en';

export function requestLocale(req: Pick<FastifyRequest, 'headers'>): Locale {
  const h = String(req.headers['accept-language'] ?? '').toLowerCase();
  return h.startsWith('en') ? 'en' : 'th';
}

export function problemBody(
  code: ErrorCode,
  locale: Locale,
  opts: {
    status?: number;
    detail?: string;
    errors?: FieldError[];
    instance?: string;
    requestId?: string;
    extra?: Record<string, unknown>;
  } = {},
): Problem {
  const def = ERRORS[code];
  return {
    type: `https://rian.dev/problems/${code.replace(/\./g, '/')}`,
    title: def.en,
    status: opts.status ?? def.status,
    detail: opts.detail ?? def[locale],
    code,
    messages: { th: def.th, en: def.en },
    ...(opts.errors ? { errors: opts.errors } : {}),
    ...(opts.instance ? { instance: opts.instance } : {}),
    ...(opts.requestId ? { requestId: opts.requestId } : {}),
    ...(opts.extra ?? {}),
  };
}

export function sendProblem(
  reply: FastifyReply,
  code: ErrorCode,
  opts: Parameters<typeof problemBody>[2] = {},
): FastifyReply {
  const body = problemBody(code, requestLocale(reply.request), {
    instance: reply.request.url,
    requestId: String(reply.request.id),
    ...opts,
  });
  return reply.status(body.status).type(PROBLEM_CONTENT_TYPE).send(body);
}

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  parentSchema?: Record<string, unknown>;
  message?: string;
}

function codeFor(xError: XError | undefined, keyword: string, fallback: ErrorCode): ErrorCode {
  if (typeof xError === 'string') return xError;
  const mapped = xError?.[keyword];
  return mapped ?? fallback;
}

/** Turns AJV errors into field errors with the spec's messages, using each schema's `x-error`. */
export function fieldErrors(validation: AjvError[], locale: Locale, context?: string): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const e of validation) {
    let field = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    let code: ErrorCode;
    if (e.keyword === 'required') {
      field = [field, String(e.params.missingProperty)].filter(Boolean).join('.');
      code = 'validation.required';
    } else {
      const xError = e.parentSchema?.[X_ERROR] as XError | undefined;
      const fallback: ErrorCode =
        e.keyword === 'maxLength'
          ? 'validation.too_long'
          : e.keyword === 'minLength' && e.params.limit === 1
            ? 'validation.required'
            : 'validation.format';
      code = codeFor(xError, e.keyword, fallback);
    }
    if (!field) field = context ?? 'body';
    if (seen.has(field)) continue; // one message per field: the first rule it broke
    seen.add(field);
    out.push({ field, code, message: ERRORS[code][locale] });
  }
  return out;
}

/** problem+json for every error a service (or the gateway) answers. */
export function installProblemHandlers(app: FastifyInstance): void {
  app.setNotFoundHandler((req, reply) =>
    sendProblem(reply, 'http.not_found', { detail: `${req.method} ${req.url}` }),
  );

  app.setErrorHandler(
    (err: FastifyError & { validation?: AjvError[]; validationContext?: string }, req, reply) => {
      const locale = requestLocale(req);
      if (err instanceof ProblemError) {
        if (err.headers) reply.headers(err.headers);
        return sendProblem(reply, err.code, {
          status: err.status,
          ...(err.errors
            ? {
                errors: err.errors.map((e) =>
                  isErrorCode(e.code) ? { ...e, message: ERRORS[e.code][locale] } : e,
                ),
              }
            : {}),
          ...(err.detailOverride ? { detail: err.detailOverride } : {}),
          ...(err.extra ? { extra: err.extra } : {}),
        });
      }
      if (err.validation) {
        return sendProblem(reply, 'validation.failed', {
          errors: fieldErrors(err.validation, locale, err.validationContext),
        });
      }
      if (err instanceof BreakerOpenError) return sendProblem(reply, 'service.unavailable');
      const status = err.statusCode ?? 500;
      if (status === 429) return sendProblem(reply, 'http.rate_limited');
      if (status === 413) return sendProblem(reply, 'http.payload_too_large');
      if (status === 404) return sendProblem(reply, 'http.not_found');
      if (status >= 400 && status < 500) {
        return sendProblem(reply, 'validation.failed', { status, detail: err.message });
      }
      req.log.error({ err }, 'unhandled error');
      return sendProblem(reply, status === 503 ? 'service.unavailable' : 'service.internal', { status });
    },
  );
}
