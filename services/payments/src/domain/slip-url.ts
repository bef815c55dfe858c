import { linkValid, signLink } from '@rian/kit/signed-link';

/**
 * Signed, short-lived slip image URLs (kit signed-link.ts, purpose "slip"): whoever holds the URL
 * may read the image until `exp`; the URL is only handed to the slip's owner and to staff.
 */
export function signSlipUrl(
  base: string,
  slipId: string,
  opts: { secret: string; ttlSeconds: number; now: Date },
): { url: string; expiresAt: Date } {
  return signLink(base, '/payments/slips', slipId, { ...opts, purpose: 'slip' });
}

/** True when `sig` was made with `secret` for this slip and `exp`, and `exp` has not passed. */
export function slipUrlValid(
  slipId: string,
  exp: number,
  sig: string,
  opts: { secret: string; now: Date },
): boolean {
  return linkValid(slipId, exp, sig, { ...opts, purpose: 'slip' });
}
