import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed addresses of media's private files (issue 12). The service that decides who
 * may read a file (learning: the access rule) signs; media, sharing the secret, serves. The
 * signature covers a *scope* — `document/<fileId>` or `hls/<assetId>` — and an expiry, and sits in
 * the path, not the query:
 *
 *   <base>/signed/<exp>/<sig>/<scope>/<file>
 *
 * so an HLS playlist's relative segment and rendition URIs resolve under the same signed prefix
 * and every request they cause is checked too. `exp` is Unix seconds.
 */
export interface SignedScope {
  /** e.g. "document/0190…" or "hls/0190…": two path segments, letters, digits and dashes */
  scope: string;
  exp: number;
}

const SCOPE = /^[a-z][a-z0-9-]{0,31}\/[A-Za-z0-9-]{1,64}$/;

function signature(secret: string, scope: string, exp: number): string {
  return createHmac('sha256', secret).update(`media:${scope}:${exp}`).digest('base64url');
}

/** The address of `file` inside `scope`, readable until now + ttlSeconds. */
export function signMediaUrl(opts: {
  base: string;
  secret: string;
  scope: string;
  file: string;
  ttlSeconds: number;
  now: Date;
}): { url: string; expiresAt: Date } {
  if (!SCOPE.test(opts.scope)) throw new Error(`bad media scope ${JSON.stringify(opts.scope)}`);
  const exp = Math.floor(opts.now.getTime() / 1000) + opts.ttlSeconds;
  const sig = signature(opts.secret, opts.scope, exp);
  const file = opts.file.split('/').map(encodeURIComponent).join('/');
  return {
    url: `${opts.base.replace(/\/+$/, '')}/signed/${exp}/${sig}/${opts.scope}/${file}`,
    expiresAt: new Date(exp * 1000),
  };
}

/** True when `sig` was made with `secret` for this scope and `exp`, and `exp` has not passed. */
export function mediaSignatureValid(
  scope: SignedScope & { sig: string },
  opts: { secret: string; now: Date },
): boolean {
  if (!SCOPE.test(scope.scope)) return false;
  if (!Number.isSafeInteger(scope.exp) || scope.exp * 1000 < opts.now.getTime()) return false;
  const expected = Buffer.from(signature(opts.secret, scope.scope, scope.exp));
  const given = Buffer.from(scope.sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The development key of signed media URLs: media serves and learning signs with the same one, so
 * both fall back to this when MEDIA_URL_SECRET is unset outside production (where it is required).
 */
export const DEV_MEDIA_URL_SECRET = 'rian-dev-media-url-secret-not-for-production';
