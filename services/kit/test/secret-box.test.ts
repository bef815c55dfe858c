import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { openText, sealText, secretKeyFrom } from '../src/secret-box.js';

const key = secretKeyFrom('00'.repeat(32));

describe('secret box (AES-256-GCM text at rest)', () => {
  it('opens what it sealed, and never holds the plain text', () => {
    const sealed = sealText('ราคา 123456', key, 'zoom-passcode');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(sealed).not.toContain('123456');
    expect(openText(sealed, key, 'zoom-passcode')).toBe('ราคา 123456');
    // a fresh IV each time: the same text seals differently
    expect(sealText('ราคา 123456', key, 'zoom-passcode')).not.toBe(sealed);
  });

  it('refuses another key, another purpose and a changed value', () => {
    const sealed = sealText('secret', key, 'zoom-passcode');
    expect(() => openText(sealed, randomBytes(32), 'zoom-passcode')).toThrow();
    expect(() => openText(sealed, key, 'phone')).toThrow();
    // one character inside the ciphertext (the last one may only carry spare bits)
    const i = 3 + 20;
    const changed = sealed.slice(0, i) + (sealed[i] === 'A' ? 'B' : 'A') + sealed.slice(i + 1);
    expect(() => openText(changed, key, 'zoom-passcode')).toThrow();
    expect(() => openText('secret', key, 'zoom-passcode')).toThrow();
  });

  it('reads a key as 64 hex digits or base64url of 32 bytes, nothing else', () => {
    expect(secretKeyFrom(randomBytes(32).toString('base64url')).length).toBe(32);
    expect(() => secretKeyFrom('short')).toThrow(/32 bytes/);
  });
});
