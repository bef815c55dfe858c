import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type TestGateway } from './helpers.js';

describe('Strict-Transport-Security', () => {
  let secure: TestGateway;
  let plain: TestGateway;

  beforeAll(async () => {
    secure = await startGateway({ COOKIE_SECURE: 'true' });
    plain = await startGateway({});
  });
  afterAll(async () => {
    await secure?.close();
    await plain?.close();
  });

  it('is sent on every answer (page, API, problem) when the site runs on HTTPS (COOKIE_SECURE)', async () => {
    for (const url of ['/', '/api/health', '/api/nothing-here', '/api/auth/login']) {
      const res = await secure.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
    }
  });

  it('is not sent over plain HTTP (local npm start), where it would pin localhost to HTTPS', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
