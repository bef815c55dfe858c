import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * The `{ref}` of the payment pages (spec 02 §2: "an encrypted string made of the order id and the net
 * amount"): AES-256-GCM over version ‖ order id (16 bytes) ‖ instalment period (uint16, 0 = the whole
 * order) ‖ amount in satang (uint64), as base64url(iv ‖ ciphertext ‖ tag). Authenticated: a changed,
 * cut or foreign ref (another key) fails to open, and the answer never says why.
 */
export interface PaymentRefData {
  orderId: string;
  /** instalment number (payment type 8); null for an order paid at once */
  period: number | null;
  /** the amount this ref pays, in satang */
  amount: number;
}

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const PLAIN_BYTES = 1 + 16 + 2 + 8;
/** binds a ref to its purpose: the same key sealing something else cannot pass for a ref */
const AAD = Buffer.from('rian:payment-ref:v1');

/** The 32-byte key from its configured text: 64 hex digits or base64/base64url of 32 bytes. */
export function refKeyFrom(text: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64url');
  if (key.length !== 32) throw new Error('a payment ref key is 32 bytes (64 hex digits or base64url)');
  return key;
}

function uuidBytes(uuid: string): Buffer {
  const hex = uuid.replace(/-/g, '');
  if (!/^[0-9a-fA-F]{32}$/.test(hex)) throw new Error(`not a uuid: ${uuid}`);
  return Buffer.from(hex, 'hex');
}

function uuidText(b: Buffer): string {
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function sealPaymentRef(
  data: PaymentRefData,
  key: Buffer,
  iv: Buffer = randomBytes(IV_BYTES),
): string {
  if (!Number.isSafeInteger(data.amount) || data.amount < 0) throw new Error('amount must be satang ≥ 0');
  const period = data.period ?? 0;
  if (!Number.isInteger(period) || period < 0 || period > 0xffff) throw new Error('period out of range');
  const plain = Buffer.alloc(PLAIN_BYTES);
  plain.writeUInt8(VERSION, 0);
  uuidBytes(data.orderId).copy(plain, 1);
  plain.writeUInt16BE(period, 17);
  plain.writeBigUInt64BE(BigInt(data.amount), 19);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(AAD);
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
}

/** The ref's content, or null for anything that is not a ref sealed with this key (no reason given). */
export function openPaymentRef(ref: string, key: Buffer): PaymentRefData | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(ref)) return null;
  const raw = Buffer.from(ref, 'base64url');
  // only the canonical spelling: no second string (spare low bits of the last character) for one ref
  if (raw.length !== IV_BYTES + PLAIN_BYTES + TAG_BYTES || raw.toString('base64url') !== ref) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(AAD);
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    const plain = Buffer.concat([
      decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
      decipher.final(),
    ]);
    if (plain.readUInt8(0) !== VERSION) return null;
    const amount = plain.readBigUInt64BE(19);
    if (amount > BigInt(Number.MAX_SAFE_INTEGER)) return null;
    const period = plain.readUInt16BE(17);
    return {
      orderId: uuidText(plain.subarray(1, 17)),
      period: period === 0 ? null : period,
      amount: Number(amount),
    };
  } catch {
    return null;
  }
}
