import type { KeyCheckResult } from '@rian/proto-contracts/bookings';

/**
 * The key check's one answer (spec 02 §4, §5): the key's bookings at its limit → `limit`; else this
 * person (the e-mail given, or the signed-in member) already booked with it → `used`; else
 * `success`. The spec checks the limit first, so a full key says `limit` even to someone who booked.
 */
export function keyCheckResult(s: { total: number; limit: number; used: boolean }): KeyCheckResult {
  if (s.total >= s.limit) return 'limit';
  if (s.used) return 'used';
  return 'success';
}
