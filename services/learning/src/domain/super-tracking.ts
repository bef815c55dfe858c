import { createHmac } from 'node:crypto';

/**
 * The SuperTracking link (issue 13): the external page gets the member's id, the Asia/Bangkok day
 * and an HMAC-SHA256 of both with the shared key, so it can trust who comes for one day without
 * calling us. The member id (the token's subject), not the member code: learning does not hold the
 * code, and a code sent by the browser could be anyone's.
 */
export function superTrackingToken(key: string, memberId: string, day: string): string {
  return createHmac('sha256', key).update(`${memberId}|${day}`).digest('base64url');
}

export function superTrackingUrl(base: string, key: string, memberId: string, day: string): string | null {
  if (!base || !key) return null;
  const url = new URL(base);
  url.searchParams.set('member', memberId);
  url.searchParams.set('date', day);
  url.searchParams.set('token', superTrackingToken(key, memberId, day));
  return url.toString();
}
