import type { FieldError, Language, Problem } from '@/types/api';
import { currentLanguage } from './i18n';

export const API_BASE = '/api';

/** An answer other than 2xx, carrying the server's problem details (or a synthesized one). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly problem: Problem;

  constructor(problem: Problem) {
    super(problem.detail ?? problem.title);
    this.name = 'ApiError';
    this.status = problem.status;
    this.code = problem.code;
    this.problem = problem;
  }

  /** The message in the asked language when the server gave both, else its `detail`. */
  text(language: Language): string {
    return this.problem.messages?.[language] ?? this.problem.detail ?? this.problem.title;
  }

  /** `errors[]` keyed by field name ("/phone" and "body/phone" both become "phone"). */
  fieldErrors(): Record<string, FieldError> {
    const out: Record<string, FieldError> = {};
    for (const e of this.problem.errors ?? []) {
      const field = e.field.split(/[/.]/).filter(Boolean).pop() ?? e.field;
      out[field] ??= e;
    }
    return out;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type Query = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-encoded, except a FormData (sent as multipart/form-data) */
  body?: unknown;
  query?: Query;
  /** overrides the member token (e.g. the staff token in the back office); null sends none */
  token?: string | null;
  /** extra request headers (e.g. `Idempotency-Key`) */
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

let tokenProvider: () => string | null = () => null;

/** The app tells the client where the member's token lives (keeps lib/ free of feature state). */
export function setTokenProvider(provider: () => string | null): void {
  tokenProvider = provider;
}

let unauthorizedHandler: () => void = () => {};

/**
 * Called when a request that carried the member's own token (not an explicit one) answers 401:
 * the app decides what an ended session means (refresh, or the session-expired dialog).
 */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

export function buildUrl(path: string, query?: Query): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function isProblem(value: unknown): value is Problem {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Problem).status === 'number' &&
    typeof (value as Problem).code === 'string'
  );
}

/** One typed fetch for every call: JSON in/out, Accept-Language, Bearer token, cookies. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const language = currentLanguage();
  const headers: Record<string, string> = {
    ...options.headers,
    Accept: 'application/json, application/problem+json',
    'Accept-Language': language,
  };
  const usesSessionToken = options.token === undefined;
  const token = usesSessionToken ? tokenProvider() : options.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  // a FormData body (an upload) goes as multipart: the browser writes its Content-Type and boundary
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body:
        options.body === undefined
          ? undefined
          : isForm
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      credentials: 'include',
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({
      type: 'about:blank',
      title: 'Network error',
      status: 0,
      code: 'network.unreachable',
      messages: {
        th: 'เชื่อมต่อเซิร์ฟเวอร์ไม่ได้ กรุณาลองใหม่อีกครั้ง',
        en: 'The server cannot be reached; please try again',
      },
    });
  }

  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => undefined);

  if (!response.ok) {
    if (response.status === 401 && usesSessionToken && token) unauthorizedHandler();
    throw new ApiError(
      isProblem(body)
        ? body
        : {
            type: 'about:blank',
            title: response.statusText || 'Error',
            status: response.status,
            code: response.status >= 500 ? 'service.internal' : 'http.error',
            messages: { th: 'An error occurred', en: 'An error occurred' },
          },
    );
  }
  return body as T;
}
