import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Small secrets kept in a database column (a Zoom passcode, a phone number): AES-256-GCM with a
 * random 12-byte IV, stored as `v1.<base64url(iv ‖ ciphertext ‖ tag)>`. The `purpose` is bound as
 * additional data, so a value sealed for one column cannot be moved into another and still open.
 * The version prefix leaves room for another key or algorithm later.
 */

const IV_BYTES = 12;
const TAG_BYTES = 16;
const PREFIX = 'v1.';

/** The 32-byte key from its configured text: 64 hex digits or base64/base64url of 32 bytes. */
export function secretKeyFrom(text: string, name = 'secret key'): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64url');
  if (key.length !== 32) throw new Error(`${name}: 32 bytes (64 hex digits or base64url)`);
  return key;
}

export function sealText(
  plain: string,
  key: Buffer,
  purpose: string,
  iv: Buffer = randomBytes(IV_BYTES),
): string {
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(`rian:${purpose}`));
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
}

/**
 * The text sealed by `sealText` with this key and purpose. Throws on anything else (another key,
 * another purpose, a changed value): a stored secret that does not open is a fault, not an input.
 */
export function openText(sealed: string, key: Buffer, purpose: string): string {
  if (!sealed.startsWith(PREFIX)) throw new Error('not a sealed value');
  const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('sealed value too short');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(Buffer.from(`rian:${purpose}`));
  decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}
