import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, short-lived slip image URLs: `sig` = HMAC-SHA256(secret, "slip:<id>:<exp>") in base64url,
 * `exp` = Unix seconds. Whoever holds the URL may read the image until `exp`; the URL is only
 * handed to the slip's owner and to staff.
 */
function signature(secret: string, slipId: string, exp: number): string {
  return createHmac('sha256', secret).update(`slip:${slipId}:${exp}`).digest('base64url');
}

export function signSlipUrl(
  base: string,
  slipId: string,
  opts: { secret: string; ttlSeconds: number; now: Date },
): { url: string; expiresAt: Date } {
  const exp = Math.floor(opts.now.getTime() / 1000) + opts.ttlSeconds;
  const sig = signature(opts.secret, slipId, exp);
  return {
    url: `${base.replace(/\/+$/, '')}/payments/slips/${slipId}?exp=${exp}&sig=${sig}`,
    expiresAt: new Date(exp * 1000),
  };
}

/** True when `sig` was made with `secret` for this slip and `exp`, and `exp` has not passed. */
export function slipUrlValid(
  slipId: string,
  exp: number,
  sig: string,
  opts: { secret: string; now: Date },
): boolean {
  if (!Number.isSafeInteger(exp) || exp * 1000 < opts.now.getTime()) return false;
  const expected = Buffer.from(signature(opts.secret, slipId, exp));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
