import { createHash } from 'node:crypto';

/**
 * The rules of the gateway's HTTP cache for public reads (RFC 9111, the shared-cache part), as pure
 * functions: what may be stored, for how long, under which key, and whether a client's copy is
 * still good. The store and the wiring live in plugins/public-cache.ts.
 */

export interface CacheControl {
  public: boolean;
  private: boolean;
  noStore: boolean;
  noCache: boolean;
  /** seconds, s-maxage when given (a shared cache's own), else max-age */
  maxAge?: number;
  staleWhileRevalidate?: number;
}

export function parseCacheControl(value: string | string[] | undefined): CacheControl {
  const out: CacheControl = { public: false, private: false, noStore: false, noCache: false };
  const text = Array.isArray(value) ? value.join(',') : (value ?? '');
  let maxAge: number | undefined;
  let sMaxAge: number | undefined;
  for (const part of text.split(',')) {
    const [rawName, rawValue] = part.split('=', 2);
    const name = rawName!.trim().toLowerCase();
    const seconds = rawValue === undefined ? undefined : Number(rawValue.trim().replace(/^"|"$/g, ''));
    const valid = seconds !== undefined && Number.isInteger(seconds) && seconds >= 0 ? seconds : undefined;
    if (name === 'public') out.public = true;
    else if (name === 'private') out.private = true;
    else if (name === 'no-store') out.noStore = true;
    else if (name === 'no-cache') out.noCache = true;
    else if (name === 'max-age') maxAge = valid;
    else if (name === 's-maxage') sMaxAge = valid;
    else if (name === 'stale-while-revalidate') out.staleWhileRevalidate = valid;
  }
  const age = sMaxAge ?? maxAge;
  if (age !== undefined) out.maxAge = age;
  return out;
}

/** Request headers the cache keys on; a Vary naming anything else is not stored. */
export const KEYED_REQUEST_HEADERS = ['accept-encoding', 'accept-language'] as const;

type Headers = Record<string, string | string[] | number | undefined>;

function headerText(headers: Headers, name: string): string {
  const v = headers[name];
  if (v === undefined) return '';
  return Array.isArray(v) ? v.join(',') : String(v);
}

/** A session cookie or an Authorization header: the request speaks for someone. */
export function carriesCredentials(headers: Headers): boolean {
  return headerText(headers, 'authorization') !== '' || headerText(headers, 'cookie') !== '';
}

/** `a, b;q=0.5, C, d;q=0` → `a,b,c`: the order and weights of a list do not split the cache. */
const lists = new Map<string, string>();

function normaliseList(value: string): string {
  if (value === '') return value;
  const known = lists.get(value);
  if (known !== undefined) return known;
  const out = value
    .split(',')
    // `gzip;q=0` refuses gzip: not the same as asking for it
    .filter((t) => !/;\s*q=0(\.0*)?\s*$/i.test(t))
    .map((t) => t.split(';')[0]!.trim().toLowerCase())
    .filter(Boolean)
    .sort()
    .join(',');
  if (lists.size >= NORMALISED_MAX) lists.clear();
  lists.set(value, out);
  return out;
}

/**
 * The key: the upstream's name, the path with its query parameters in one order, and the request
 * headers that vary the answer (normalised).
 */
export function cacheKey(service: string, url: string, headers: Headers): string {
  const varied = `${normaliseList(headerText(headers, 'accept-encoding'))}|${normaliseList(headerText(headers, 'accept-language'))}`;
  return `${service} ${normaliseUrl(url)} ${varied}`;
}

/** the URLs seen last, normalised (parsing and sorting a query on every read costs more than the rest) */
const normalised = new Map<string, string>();
const NORMALISED_MAX = 2_000;

function normaliseUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const known = normalised.get(url);
  if (known !== undefined) return known;
  let path = url.slice(0, q);
  const params = [...new URLSearchParams(url.slice(q + 1))].sort(([a, x], [b, y]) =>
    a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0,
  );
  if (params.length) path += `?${new URLSearchParams(params).toString()}`;
  if (normalised.size >= NORMALISED_MAX) normalised.clear();
  normalised.set(url, path);
  return path;
}

export interface Freshness {
  maxAgeMs: number;
  staleWhileRevalidateMs: number;
}

/**
 * Whether an upstream answer to a GET may be stored, and for how long. Only a 200 the upstream
 * itself marked `public` with a max-age (or s-maxage): never private, no-store or no-cache, never
 * one that sets a cookie, never one that varies on something the key does not hold (Authorization,
 * Cookie, `*`). Marked public is the only way an answer to a request with credentials is stored.
 */
export function storable(status: number, headers: Headers): Freshness | undefined {
  if (status !== 200) return undefined;
  if (headers['set-cookie'] !== undefined) return undefined;
  const cc = parseCacheControl(headers['cache-control'] as string | string[] | undefined);
  if (!cc.public || cc.private || cc.noStore || cc.noCache || !cc.maxAge) return undefined;
  const vary = headerText(headers, 'vary')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
  if (vary.some((v) => !(KEYED_REQUEST_HEADERS as readonly string[]).includes(v))) return undefined;
  return { maxAgeMs: cc.maxAge * 1000, staleWhileRevalidateMs: (cc.staleWhileRevalidate ?? 0) * 1000 };
}

/** A strong validator for a body that came without one: the same bytes, the same tag. */
export function strongEtag(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** If-None-Match against a stored strong tag (weak comparison, as RFC 9110 §13.1.2 asks for GET). */
export function notModified(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  const text = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch;
  if (!text) return false;
  const bare = etag.replace(/^W\//, '');
  return text.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

export type EntryState = 'fresh' | 'stale' | 'expired';

/** fresh: serve; stale: serve and refresh in the background; expired: ask the upstream. */
export function entryState(ageMs: number, f: Freshness): EntryState {
  if (ageMs < f.maxAgeMs) return 'fresh';
  if (ageMs < f.maxAgeMs + f.staleWhileRevalidateMs) return 'stale';
  return 'expired';
}
