import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { addProduct, bearer, bookingBody, multipartBody, startBookings, TINY_PNG } from '../helpers.js';

/** The booking form's limits per client IP (Redis): wrong keys, and requests of any outcome. */
describe('booking form rate limits', () => {
  let env: TestEnv;
  let app: ServiceApp;
  let code: string;

  beforeAll(async () => {
    env = await createTestEnv();
    const issuer = await TestTokenIssuer.create();
    app = await startBookings(env, issuer, {
      env: {
        BOOKINGS_KEY_MISSES_PER_WINDOW: '3',
        BOOKINGS_KEY_MISSES_PER_DAY: '5',
        BOOKINGS_REQUESTS_PER_WINDOW: '6',
      },
    });
    const productId = await addProduct(app);
    const staff = await issuer.staff();
    code = (
      await app.inject({
        method: 'POST',
        url: '/admin/booking-keys',
        headers: bearer(staff),
        payload: { productId },
      })
    ).json().code;
  });
  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
  });

  const check = (ip: string, key: string) =>
    app.inject({ method: 'POST', url: '/bookings/key-check', remoteAddress: ip, payload: { key } });

  it('after 3 wrong keys in the window, the IP is refused even the right key (429, Retry-After); others are not', async () => {
    for (let i = 0; i < 3; i++) expect((await check('10.0.0.1', `WRONG-${i}-KEY`)).statusCode).toBe(404);
    const refused = await check('10.0.0.1', code);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('bookings.key_rate_limited');
    expect(refused.headers['retry-after']).toBe('600');
    expect((await check('10.0.0.2', code)).statusCode).toBe(200);
    // booking and slip upload from the refused IP are refused too
    const booked = await app.inject({
      method: 'POST',
      url: '/bookings',
      remoteAddress: '10.0.0.1',
      payload: bookingBody(code, `r-${uuidv7()}@example.com`),
    });
    expect(booked.statusCode).toBe(429);
  });

  it('counts every request of an IP, whatever its outcome (6 per window here)', async () => {
    for (let i = 0; i < 6; i++) expect((await check('10.0.0.3', code)).statusCode).toBe(200);
    expect((await check('10.0.0.3', code)).json().code).toBe('bookings.key_rate_limited');
    const slip = await app.inject({
      method: 'POST',
      url: '/bookings/slips',
      remoteAddress: '10.0.0.3',
      ...multipartBody([
        { name: 'key', value: code },
        { name: 'slip', file: TINY_PNG, filename: 's.png', type: 'image/png' },
      ]),
    });
    expect(slip.statusCode).toBe(429);
    expect(slip.json().code).toBe('bookings.slip_rate_limited');
  });
});
