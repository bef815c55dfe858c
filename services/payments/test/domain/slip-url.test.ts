import { describe, expect, it } from 'vitest';
import { signSlipUrl, slipUrlValid } from '../../src/domain/slip-url.js';

const secret = 'a-secret-of-the-test-0123456789';
const id = '0195f3a2-7c2e-7000-8000-000000000001';
const now = new Date('2026-04-15T03:00:00.000Z');

function parts(url: string) {
  const u = new URL(url, 'http://x');
  return { exp: Number(u.searchParams.get('exp')), sig: u.searchParams.get('sig')! };
}

describe('signed slip URLs', () => {
  const { url, expiresAt } = signSlipUrl('/api/payments/', id, { secret, ttlSeconds: 300, now });

  it('point at the slip under the public base and expire after the TTL', () => {
    expect(url.startsWith(`/api/payments/payments/slips/${id}?exp=`)).toBe(true);
    expect(expiresAt.toISOString()).toBe('2026-04-15T03:05:00.000Z');
  });

  it('are valid until they expire, and not one second after', () => {
    const { exp, sig } = parts(url);
    expect(slipUrlValid(id, exp, sig, { secret, now })).toBe(true);
    expect(slipUrlValid(id, exp, sig, { secret, now: new Date('2026-04-15T03:05:00.000Z') })).toBe(true);
    expect(slipUrlValid(id, exp, sig, { secret, now: new Date('2026-04-15T03:05:01.000Z') })).toBe(false);
  });

  it('refuse a later expiry, another slip, another secret and a changed signature', () => {
    const { exp, sig } = parts(url);
    expect(slipUrlValid(id, exp + 3600, sig, { secret, now })).toBe(false);
    expect(slipUrlValid('0195f3a2-7c2e-7000-8000-000000000002', exp, sig, { secret, now })).toBe(false);
    expect(slipUrlValid(id, exp, sig, { secret: `${secret}x`, now })).toBe(false);
    expect(
      slipUrlValid(id, exp, `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`, { secret, now }),
    ).toBe(false);
    expect(slipUrlValid(id, exp, '', { secret, now })).toBe(false);
  });
});
