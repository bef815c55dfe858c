import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standIn, startGateway, type StandIn, type TestGateway } from './helpers.js';

/** The public booking form's routes below /api/bookings, each with its own allowance per IP. */
const LIMITED = ['/bookings/key-check', '/bookings', '/bookings/slips'];

describe('rate limits of the booking form', () => {
  const received: string[] = [];
  let bookings: StandIn;
  let gw: TestGateway;

  beforeAll(async () => {
    bookings = await standIn((app) => {
      app.post('/*', async (req) => {
        received.push(req.url);
        return { ok: true };
      });
      app.get('/*', async () => ({ ok: true }));
    });
    gw = await startGateway({
      BOOKINGS_URL: bookings.url,
      GATEWAY_SERVICES: 'bookings',
      RATE_LIMIT_BOOKING_MAX: '2',
    });
  });
  afterAll(async () => {
    await gw?.close();
    await bookings?.close();
  });

  const post = (url: string) => gw.app.inject({ method: 'POST', url, payload: {} });

  it.each(LIMITED)(
    '%s: once its allowance is used, other spellings answer 429 and reach nobody',
    async (path) => {
      for (let i = 0; i < 2; i++) expect((await post(`/api/bookings${path}`)).statusCode).toBe(200);
      const before = received.length;
      for (const url of [`/api/bookings/.${path}`, `/api/bookings${path}/`, `/api/bookings/x/..${path}`]) {
        const res = await post(url);
        expect(res.statusCode, url).toBe(429);
        expect(res.json().code).toBe('http.rate_limited');
      }
      expect(received.length).toBe(before);
    },
  );

  it("leaves staff's routes alone", async () => {
    for (let i = 0; i < 4; i++) {
      expect((await gw.app.inject({ url: '/api/bookings/admin/bookings' })).statusCode).toBe(200);
    }
  });
});
