import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@rian/kit/testing';
import { deadUrl, standIn, startGateway, timed, type StandIn } from './helpers.js';

/** A stand-in whose /readyz answers like the kit's: 200 ready, or 503 with the failing check. */
async function readyService(name: string, state: { ready: boolean; hang?: boolean }): Promise<StandIn> {
  return standIn((app) => {
    app.get('/readyz', async (_req, reply) => {
      if (state.hang) await new Promise(() => undefined);
      const checks = { database: state.ready, nats: true };
      return reply
        .status(state.ready ? 200 : 503)
        .send({ service: name, status: state.ready ? 'ready' : 'not-ready', checks });
    });
  });
}

describe('GET /api/health', () => {
  const auth = { ready: true };
  const catalog = { ready: true };
  const notifications = { ready: true, hang: false };
  const standIns: StandIn[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    const [a, c, n] = await Promise.all([
      readyService('auth', auth),
      readyService('catalog', catalog),
      readyService('notifications', notifications),
    ]);
    standIns.push(a!, c!, n!);
    env = { AUTH_URL: a!.url, CATALOG_URL: c!.url, NOTIFICATIONS_URL: n!.url, HEALTH_TIMEOUT_MS: '400' };
  });
  afterAll(() => Promise.all(standIns.map((s) => s.close())));

  it('is 200 ready when every service and Redis are ready', async () => {
    const gw = await startGateway(env);
    try {
      const res = await gw.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 'ready',
        checks: { redis: true },
        services: {
          auth: { status: 'ready', checks: { database: true, nats: true } },
          catalog: { status: 'ready', checks: { database: true, nats: true } },
          notifications: { status: 'ready', checks: { database: true, nats: true } },
        },
      });
    } finally {
      await gw.close();
    }
  });

  it('is 503 and names the service that is not ready, with its failing check', async () => {
    catalog.ready = false;
    const gw = await startGateway(env);
    try {
      const res = await gw.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      const body = res.json();
      expect(body.status).toBe('not-ready');
      expect(body.services.catalog).toEqual({ status: 'not-ready', checks: { database: false, nats: true } });
      expect(body.services.auth.status).toBe('ready');
      expect(body.services.notifications.status).toBe('ready');
    } finally {
      catalog.ready = true;
      await gw.close();
    }
  });

  it('reports a service that is down or silent as unreachable, within the timeout', async () => {
    notifications.hang = true;
    const gw = await startGateway({ ...env, AUTH_URL: await deadUrl() });
    try {
      const { result: res, ms } = await timed(() => gw.app.inject({ method: 'GET', url: '/api/health' }));
      expect(ms).toBeLessThan(1_500);
      expect(res.statusCode).toBe(503);
      const body = res.json();
      expect(body.services.auth).toMatchObject({ status: 'unreachable', error: 'ECONNREFUSED' });
      expect(body.services.notifications).toMatchObject({
        status: 'unreachable',
        error: 'no answer within 400 ms',
      });
      expect(body.services.catalog.status).toBe('ready');
    } finally {
      notifications.hang = false;
      await gw.close();
    }
  });

  it("is 503 when the gateway's own Redis is down, while the liveness check still answers", async () => {
    const gw = await startGateway({ ...env, REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    try {
      const res = await gw.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json().checks).toEqual({ redis: false });
      expect(res.json().services.auth.status).toBe('ready');
      const live = await gw.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
    } finally {
      await gw.close();
    }
  });
});
