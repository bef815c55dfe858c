import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openPaymentRef, refKeyFrom, sealPaymentRef } from '../../src/domain/payment-ref.js';

const key = refKeyFrom('00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff');
const data = { orderId: '0196a3b2-7c4d-7e8f-9a0b-1c2d3e4f5a6b', period: null, amount: 154_500 };

describe('payment ref (AES-256-GCM of order id + amount)', () => {
  it('round-trips the order id, the instalment and the amount; base64url, no order id in sight', () => {
    const ref = sealPaymentRef(data, key);
    expect(ref).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(ref).not.toContain('0196a3b2');
    expect(openPaymentRef(ref, key)).toEqual(data);
    const inst = { ...data, period: 3, amount: 51_500 };
    expect(openPaymentRef(sealPaymentRef(inst, key), key)).toEqual(inst);
  });

  it('a fresh IV each time: two refs of the same payment differ, both open', () => {
    const a = sealPaymentRef(data, key);
    const b = sealPaymentRef(data, key);
    expect(a).not.toBe(b);
    expect(openPaymentRef(b, key)).toEqual(data);
  });

  it('a ref sealed with a known IV is exactly reproducible (the layout is fixed)', () => {
    const iv = Buffer.alloc(12, 7);
    expect(sealPaymentRef(data, key, iv)).toBe(sealPaymentRef(data, key, iv));
    expect(Buffer.from(sealPaymentRef(data, key, iv), 'base64url')).toHaveLength(12 + 27 + 16);
  });

  it('every changed character, a cut, an extension or another key opens to nothing', () => {
    const ref = sealPaymentRef(data, key);
    for (let i = 0; i < ref.length; i++) {
      const c = ref[i] === 'A' ? 'B' : 'A';
      expect(openPaymentRef(ref.slice(0, i) + c + ref.slice(i + 1), key)).toBeNull();
    }
    expect(openPaymentRef(ref.slice(0, -2), key)).toBeNull();
    expect(openPaymentRef(`${ref}AA`, key)).toBeNull();
    expect(openPaymentRef(ref, randomBytes(32))).toBeNull();
    expect(openPaymentRef('not a ref!', key)).toBeNull();
    expect(openPaymentRef('', key)).toBeNull();
  });

  it('reads the key as 64 hex digits or base64url of 32 bytes, nothing shorter', () => {
    const raw = randomBytes(32);
    expect(refKeyFrom(raw.toString('base64url')).equals(raw)).toBe(true);
    expect(refKeyFrom(raw.toString('hex')).equals(raw)).toBe(true);
    expect(() => refKeyFrom('short')).toThrow();
  });
});
