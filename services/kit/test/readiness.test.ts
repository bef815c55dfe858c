import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildService, type ServiceApp } from '../src/service.js';
import { createTestEnv, TestTokenIssuer, type TestEnv } from '../src/testing.js';
import { noteMigrations, testConfig } from './fixtures.js';

/**
 * /readyz takes a pod out of the load balancer only for what that pod cannot serve without (its
 * database); Redis or NATS, which every pod shares, being away degrades it instead.
 */
describe('readiness', () => {
  let env: TestEnv;
  let app: ServiceApp;

  beforeAll(async () => {
    env = await createTestEnv();
    const issuer = await TestTokenIssuer.create();
    app = await buildService({
      name: 'kitready',
      description: 'readiness under test',
      // nothing listens on port 1: Redis is away from the start
      config: testConfig({ ...env.envFor('kitready'), REDIS_URL: 'redis://127.0.0.1:1' }),
      entities: [],
      migrations: noteMigrations,
      tokenKeys: issuer.keys,
      routes: async () => undefined,
      workers: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await env?.cleanup();
  });

  it('Redis away: ready to serve, degraded, and says which', async () => {
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      service: 'kitready',
      status: 'degraded',
      checks: { database: true, nats: true, redis: false },
    });
  });

  it('its database away: not ready (503)', async () => {
    await app.kit.orm.close(true);
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'not-ready', checks: { database: false } });
  });
});
