/**
 * UUID version 7 (RFC 9562): 48-bit Unix milliseconds, then random bits.
 * Time-ordered, so event ids sort by creation and index well.
 * Written here because proto-contracts carries no runtime dependency but TypeBox.
 */
let lastMs = 0;
let seq = 0;

/**
 * Random bytes drawn 4 KiB at a time: one getRandomValues per 256 ids instead of one per id (the
 * gateway makes an id per request, and the call was a tenth of its busy time on a cached read).
 */
const POOL = new Uint8Array(4096);
let poolAt = POOL.length;
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export function uuidv7(now: number = Date.now()): string {
  if (poolAt + 16 > POOL.length) {
    globalThis.crypto.getRandomValues(POOL);
    poolAt = 0;
  }
  const bytes = POOL.subarray(poolAt, poolAt + 16);
  poolAt += 16;
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
  // 48-bit milliseconds, big-endian (no BigInt: below 2^53 the division is exact)
  const high = Math.floor(now / 0x1000000);
  const low = now % 0x1000000;
  bytes[0] = (high >>> 16) & 0xff;
  bytes[1] = (high >>> 8) & 0xff;
  bytes[2] = high & 0xff;
  bytes[3] = (low >>> 16) & 0xff;
  bytes[4] = (low >>> 8) & 0xff;
  bytes[5] = low & 0xff;
  bytes[6] = 0x70 | ((seq >> 8) & 0x0f);
  bytes[7] = seq & 0xff;
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const h = (i: number) => HEX[bytes[i]!]!;
  return (
    h(0) +
    h(1) +
    h(2) +
    h(3) +
    '-' +
    h(4) +
    h(5) +
    '-' +
    h(6) +
    h(7) +
    '-' +
    h(8) +
    h(9) +
    '-' +
    h(10) +
    h(11) +
    h(12) +
    h(13) +
    h(14) +
    h(15)
  );
}

export const UUID_V7_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$';

/** Milliseconds since the epoch encoded in a v7 id. */
export function uuidv7Time(id: string): number {
  return parseInt(id.replace(/-/g, '').slice(0, 12), 16);
}
