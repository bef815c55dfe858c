import { ERRORS, isErrorCode, type ErrorCode, type FieldError } from '@rian/proto-contracts/errors';

/** An error a route throws to answer with problem+json (RFC 9457). */
export class ProblemError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    opts: {
      status?: number;
      errors?: FieldError[];
      detail?: string;
      extra?: Record<string, unknown>;
      /** response headers to send with the problem, e.g. Retry-After */
      headers?: Record<string, string>;
    } = {},
  ) {
    super(opts.detail ?? ERRORS[code].en);
    this.name = 'ProblemError';
    this.status = opts.status ?? ERRORS[code].status;
    this.errors = opts.errors;
    this.extra = opts.extra;
    this.detailOverride = opts.detail;
    this.headers = opts.headers;
  }
  readonly errors: FieldError[] | undefined;
  readonly extra: Record<string, unknown> | undefined;
  readonly detailOverride: string | undefined;
  readonly headers: Record<string, string> | undefined;
}

/** A field-level validation problem, e.g. fieldError('passwordConfirm', 'validation.password_confirm'). */
export function fieldError(field: string, code: ErrorCode, locale: 'th' | 'en' = 'th'): FieldError {
  return { field, code, message: ERRORS[code][locale] };
}

export function validationProblem(errors: FieldError[]): ProblemError {
  return new ProblemError('validation.failed', { errors });
}

/** Thrown by an event handler: try again later (delayed nak). */
export class RetryableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RetryableError';
  }
}

/** Thrown by an event handler: retrying cannot help (term + dead letter). */
export class PermanentError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentError';
  }
}

export { ERRORS, isErrorCode, type ErrorCode };
