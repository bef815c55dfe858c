import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, short-lived links to one private record of the service that signs and serves them
 * (payments' and bookings' slip images): `<base><path>/<id>?exp=<unix seconds>&sig=<sig>`, where
 * `sig` = HMAC-SHA256(secret, "<purpose>:<id>:<exp>") in base64url. Whoever holds the link may read
 * the record until `exp`; the service hands it only to those who may. (Links into media's files,
 * signed by one service and served by another, are signed-url.ts.)
 */
function signature(secret: string, purpose: string, id: string, exp: number): string {
  return createHmac('sha256', secret).update(`${purpose}:${id}:${exp}`).digest('base64url');
}

export interface LinkKey {
  secret: string;
  /** bound into the signature: a link made for one kind of record never opens another */
  purpose: string;
}

export function signLink(
  base: string,
  path: string,
  id: string,
  opts: LinkKey & { ttlSeconds: number; now: Date },
): { url: string; expiresAt: Date } {
  const exp = Math.floor(opts.now.getTime() / 1000) + opts.ttlSeconds;
  const sig = signature(opts.secret, opts.purpose, id, exp);
  return {
    url: `${base.replace(/\/+$/, '')}${path}/${id}?exp=${exp}&sig=${sig}`,
    expiresAt: new Date(exp * 1000),
  };
}

/** True when `sig` was made with this key for `id` and `exp`, and `exp` has not passed. */
export function linkValid(id: string, exp: number, sig: string, opts: LinkKey & { now: Date }): boolean {
  if (!Number.isSafeInteger(exp) || exp * 1000 < opts.now.getTime()) return false;
  const expected = Buffer.from(signature(opts.secret, opts.purpose, id, exp));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
