/**
 * UUID version 7 (RFC 9562): 48-bit Unix milliseconds, then random bits.
 * Time-ordered, so event ids sort by creation and index well.
 * Written here because proto-contracts carries no runtime dependency but TypeBox.
 */
let lastMs = 0;
let seq = 0;

export function uuidv7(now: number = Date.now()): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  // Monotonic within one process: same millisecond → bump a 12-bit counter in rand_a.
  if (now <= lastMs) {
    seq = (seq + 1) & 0xfff;
    if (seq === 0) lastMs += 1;
    now = lastMs;
  } else {
    lastMs = now;
    seq = ((bytes[6] ?? 0) & 0x0f) << 8;
    seq |= bytes[7] ?? 0;
    seq &= 0x7ff; // leave head-room so the counter rarely wraps
  }
  const ms = BigInt(now);
  for (let i = 0; i < 6; i++) bytes[i] = Number((ms >> BigInt(8 * (5 - i))) & 0xffn);
  bytes[6] = 0x70 | ((seq >> 8) & 0x0f);
  bytes[7] = seq & 0xff;
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const UUID_V7_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$';

/** Milliseconds since the epoch encoded in a v7 id. */
export function uuidv7Time(id: string): number {
  return parseInt(id.replace(/-/g, '').slice(0, 12), 16);
}
