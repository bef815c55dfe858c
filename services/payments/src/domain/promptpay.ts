import generatePayload from 'promptpay-qr';

/**
 * A PromptPay (Thai QR, EMVCo merchant-presented) payload for an amount, made locally with
 * `promptpay-qr`: 00 format 01, 01 point of initiation 12 (dynamic: the amount is fixed), 29 the
 * PromptPay merchant template (AID A000000677010111 + phone 01 / tax id 02 / e-wallet 03), 58 TH,
 * 53 currency 764, 54 the amount in baht with two decimals, 63 the CRC-16/CCITT-FALSE in hex.
 */
export function promptPayPayload(promptPayId: string, satang: number): string {
  if (!Number.isSafeInteger(satang) || satang <= 0) throw new Error('a PromptPay QR needs an amount > 0');
  // amounts are integer satang: /100 is exact to two decimals, which toFixed(2) writes
  return generatePayload(promptPayId, { amount: satang / 100 });
}

/** The top-level tags of an EMVCo payload (id → value), for reading a QR back. */
export function emvTags(payload: string): Map<string, string> {
  const tags = new Map<string, string>();
  let i = 0;
  while (i < payload.length) {
    const id = payload.slice(i, i + 2);
    const len = Number(payload.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(len)) throw new Error(`bad EMV field at ${i}`);
    tags.set(id, payload.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  return tags;
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), the checksum of tag 63, as 4 upper-case hex digits. */
export function emvCrc(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let b = 0; b < 8; b++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}
